// `inchzero bench rules`: the speed of a game's rules core, one thread,
// seeded. Figures:
//  * random playouts over the decision action space (decisions/s, games/s),
//    through State::legal_actions_into on one reused vector (as search
//    does), through legal_actions() returning a fresh vector, and drawn by
//    State::random_legal_action (as UCT's rollouts draw: faster where a game
//    draws without listing, Inchworm under move limits), on the same seeds;
//  * perft leaf nodes/s on fixed positions (the start, and a position reached
//    by a seeded random game);
//  * a machine-speed reference measured in the same run: a fixed popcount
//    loop over a 64 KiB buffer, so that figures from busy or different
//    machines can be compared as ratios.
// Rates are per CPU second of the measuring thread (not wall time), so a
// machine shared with other work still gives comparable figures.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

struct RulesBenchOptions {
  double seconds = 3.0;  // total time, shared between the measurements
  uint64_t seed = 1;
};

struct RulesBenchResult {
  uint64_t games = 0, decisions = 0, plies = 0;
  double decisions_per_second = 0, games_per_second = 0;
  double generic_decisions_per_second = 0;  // through State::legal_actions()
  double drawn_decisions_per_second = 0;    // through State::random_legal_action
  uint64_t perft_nodes = 0;
  double perft_nodes_per_second = 0;
  std::vector<std::string> perft_positions;  // "position @ depth"
  double reference_mops = 0;                 // popcount words per microsecond
};

// Runs the measurements on `game` (progress lines go to `log`).
RulesBenchResult run_rules_bench(const Game& game, const RulesBenchOptions& options,
                                 std::ostream& log);

// The figures and their ratios to the reference, one per line.
void print_rules_bench(const Game& game, const RulesBenchOptions& options,
                       const RulesBenchResult& result, std::ostream& out);

}  // namespace inchzero
