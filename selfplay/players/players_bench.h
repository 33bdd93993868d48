// `inchzero bench players`: how long each player takes to choose a move, on
// the same fixed positions (boundaries of seeded random games, spread from
// the opening to the middle game), one thread, per CPU second of that thread,
// against the machine reference of core/bench_reference.h measured in the
// same run. For choosing rungs and budgets (a ladder of UCT-10,000 or a
// strength gate costs what its slowest player costs) and for checking that
// a player got faster or slower; whole matches say the same only after
// minutes.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

struct PlayersBenchOptions {
  std::vector<std::string> players;  // player specs (selfplay/players/player_spec.h)
  int positions = 8;                 // fixed positions, each at a move boundary
  double seconds = 6;                // measuring time, shared by the players
  uint64_t seed = 1;                 // of the positions and the players
};

struct PlayerBenchRow {
  std::string player;  // as its factory describes it
  int moves = 0;       // moves chosen (every position at least once)
  double ms_per_move = 0;
  double slowest_position_ms = 0;  // the largest per-position mean
};

struct PlayersBenchResult {
  std::vector<std::string> positions;  // State::to_position, with the ply
  std::vector<PlayerBenchRow> rows;
  double reference_mwords = 0;  // popcount words per microsecond, same run
};

// Builds the positions, then times every player on them in turn (progress
// lines go to `log`). Throws GameError on a bad player spec.
PlayersBenchResult run_players_bench(const std::shared_ptr<const Game>& game,
                                     const PlayersBenchOptions& options, std::ostream& log);

void print_players_bench(const Game& game, const PlayersBenchOptions& options,
                         const PlayersBenchResult& result, std::ostream& out);

}  // namespace inchzero
