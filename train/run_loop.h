// `inchzero run`: the learning loop. Each iteration
//   1. self-play: the newest network plays `iteration.games` games (batched
//      over many games per worker), written as shards into the run folder;
//   2. training: the trainer draws batches from the replay window (every
//      shard in the folder, extra workers' too), at most `replay.reuse`
//      samples per new sample, and saves a checkpoint and the new network;
//   3. evaluation: the new network plays the previous one and the baselines;
//   4. bookkeeping: a metrics.jsonl record, the learning curve, run_state.json.
// Self-play and training talk only through the run folder (shards in,
// networks out), so `inchzero selfplay --run FOLDER` in another process adds
// self-play workers (train/extra_worker.h); with iteration.games 0 the run
// only trains, on the workers' games. Everything is written atomically; after Ctrl-C or
// kill -9 the same command resumes from the newest checkpoint (docs/running.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "train/rank_options.h"

namespace inchzero {

struct RunOptions {
  std::string config;   // path or embedded name; empty = the folder's config, else "inchworm"
  std::string out;      // the run folder
  double minutes = -1;  // budget overrides (< 0: the config's)
  int iterations = -1;
  // The seed of a new run (overrides the config's; 0 = a random one, recorded).
  // A resumed run keeps its own: another seed here is refused (0 is not).
  std::optional<uint64_t> seed;
  bool quiet = false;  // no progress bars (summary lines only)
  // Data-parallel training (docs/cluster.md): rank 0 is the run; ranks 1 ..
  // R-1 follow its training phases (run_follower.h) and write nothing.
  RankOptions group;
};

// What a session of run_training did.
struct RunResult {
  int iterations = 0;    // iterations finished (rank 0) or training phases taken part in
  bool stopped = false;  // stopped (a stop of this rank or, with ranks, of any rank)
};

// Run or resume the training run in options.out until its budget is spent or
// `stop` turns true (then the current phase ends early and nothing half-done
// is kept). With ranks a stop of any rank during a training phase stops the
// run too: the result says so (stopped), so that the caller exits as for its
// own stop.
// Throws GameError on a bad config or a damaged run folder. With
// options.group.ranks > 1, rank 0 forms the group at the start (followers
// must join within the timeout), trains each phase together with the
// followers and ends their launch when it ends; a rank > 0 follows
// (follow_run). Throws std::runtime_error when another rank is gone (the
// message says how to resume); then rank 0 (only rank 0: gloo_sync.h)
// removes a file: rendezvous, so that the same command on every rank starts
// a fresh launch.
RunResult run_training(const RunOptions& options, const std::atomic<bool>& stop);

}  // namespace inchzero
