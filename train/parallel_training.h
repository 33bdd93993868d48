// `inchzero train`: data-parallel training steps on a run folder's replay
// window, by N ranks (processes, on one host or many) that each take 1/N of
// every batch and sum their gradients with Gloo (gloo_sync.h). The run
// folder is only read (config, shards in their arrival order, the newest
// checkpoint to start from); this training's checkpoints go to its own
// folder, and the same command on every rank resumes from the newest of
// them after a rank died (docs/cluster.md).
//
//   OUT/ckpt-<step>.pt    trainer checkpoints (rank 0 writes them; newest 2 kept)
//   OUT/net.pt            the network when the steps are done
//   OUT/parameters.f32    its parameters as raw little-endian float32, in
//                         registration order (for comparing runs)
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "train/rank_options.h"

namespace inchzero {

struct ParallelTrainingOptions {
  std::string run;               // the run folder to train on
  std::string out;               // this training's folder
  int64_t steps = 0;             // steps to take in all (a resume takes the rest)
  int64_t checkpoint_every = 0;  // steps between checkpoints (0 = only at the end)
  RankOptions group;             // this rank, of how many, where they meet
  bool quiet = false;
};

struct ParallelTrainingResult {
  int64_t first_step = 0;    // trainer steps when this session started
  int64_t last_step = 0;     // trainer steps when it ended
  double samples_per_s = 0;  // whole-batch samples trained per second, all ranks together
};

// Throws GameError on bad input, std::runtime_error when a peer rank dies
// (the message says how to resume).
ParallelTrainingResult train_data_parallel(const ParallelTrainingOptions& options,
                                           const std::atomic<bool>& stop);

}  // namespace inchzero
