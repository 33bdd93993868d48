// Which of the data-parallel trainer ranks this process is, and where the
// ranks meet: shared by `inchzero train` (parallel_training.h) and
// `inchzero run` (run_loop.h), declared once on the command line
// (cli/rank_options.h).
#pragma once

#include <string>

namespace inchzero {

struct RankOptions {
  int rank = 0, ranks = 1;      // this process, of how many
  std::string rendezvous;       // file:PATH or tcp:HOST:PORT (ranks > 1)
  double timeout_seconds = 60;  // for forming the group, each collective, rank 0's heartbeat
};

// Throws GameError naming the problem: a rank not in 0 .. ranks-1, or
// ranks > 1 without a rendezvous.
void check_rank_options(const RankOptions& options);

}  // namespace inchzero
