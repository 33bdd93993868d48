// The shared conformance suite every game must pass (tests/core/game_suite.cpp
// runs it over a table of game + rule set rows; a new game adds rows there).
// The helpers are public so that a game's own tests can reuse them.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero::testing {

// One row of the suite: a game, a rule set (shipped name, may be empty for
// the defaults) and --set style overrides.
struct SuiteCase {
  std::string game;
  std::string rules;
  std::vector<std::string> overrides;
  int games = 20;  // random games played by each check
};

std::shared_ptr<const Game> load_case(const SuiteCase& c);
// Readable test parameter in GoogleTest output.
void PrintTo(const SuiteCase& c, std::ostream* os);

// Every complete decision sequence (full move) from `state`, found by walking
// legal_actions()/apply_action(). Returns false (and stops) once more than
// `budget` moves are found.
bool moves_by_decisions(const State& state, size_t budget, std::vector<Move>* out);

// `full` scaled by INCHZERO_TEST_SCALE (a fraction in (0, 1]; unset: 1),
// at least 1. The sampling tests draw their random games through it, so the
// sanitizer run (scripts/sanitize.sh core, ~10x slower per game) plays a
// fraction of them: every test, rule set and assertion still runs, on fewer
// sampled positions. A malformed value stops the program with its name.
int scaled_games(int full);

// States along random games (seeded): every `stride`-th state of each of
// scaled_games(games) games, boundary and mid-move states alike.
std::vector<std::unique_ptr<State>> sample_states(const Game& game, uint64_t seed, int games,
                                                  int stride);

}  // namespace inchzero::testing
