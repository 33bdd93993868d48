// `inchzero bench engine`: what the analysis engine costs on top of the
// search it runs. The reference is the Searcher alone on the same positions
// with the same network, settings and seed (so both run the very same
// search); the engine path adds parsing the query, replaying its moves,
// completing candidate moves, principal variations and the JSON answer.
// Positions are built before the reference's clock starts; the engine
// replays each query's moves.
#pragma once

#include <cstdint>
#include <string>

#include "model/backend.h"

namespace inchzero {

struct EngineBenchOptions {
  std::string network;  // a saved network file
  int positions = 32;   // positions from a seeded random game of the network's game
  int visits = 400;     // per search (a typical analysis budget)
  int repeats = 3;      // twice this many back-to-back pairs of passes, each order half the time
  uint64_t seed = 1;
  // The queries in the order of their game, each extending an earlier one
  // as a GUI analysing a game sends them (the engine replays only the new
  // moves: replay_cache.h), or shuffled, as unrelated positions.
  bool shuffled = false;
  InferenceOptions inference;  // how both the Searcher and the engine run the network
};

struct EngineBenchResult {
  double startup_ms = 0;     // load the network and answer a first query (default visits)
  double reference_s = 0;    // Searcher::search over every position
  double engine_s = 0;       // answer_query over the same positions
  int64_t visits = 0;        // per pass
  bool same_search = false;  // the engine's candidate visits equal the Searcher's root visits
  double median_ratio = 1;   // median over back-to-back pairs of engine time / Searcher time
  double overhead() const { return median_ratio - 1.0; }
};

EngineBenchResult run_engine_bench(const EngineBenchOptions& options);

}  // namespace inchzero
