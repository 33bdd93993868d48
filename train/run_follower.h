// Ranks 1 .. R-1 of a data-parallel `inchzero run` (run_loop.h,
// docs/cluster.md): they follow rank 0's run. For each training phase rank
// 0 publishes a plan (rank_plan.h: the iteration, its step count, how many
// of shard_index.jsonl's shards make the window); a follower loads the same
// shards from the run folder, starts from rank 0's checkpoint of the
// previous iteration (on its first plan, or when its steps differ), takes
// its share of every batch and sums the gradients with rank 0's
// (gradient_sync.h). A follower only reads the run folder: rank 0 writes
// everything (shard_index.jsonl included). Its view of the window is a
// private folder of links to exactly the plan's shards, so that shards that
// arrive meanwhile (extra workers) wait for rank 0's next plan.
#pragma once

#include <atomic>

#include "train/run_loop.h"

namespace inchzero {

// Follow rank 0 until it publishes the end of the launch or `stop` turns
// true. Returns the number of training phases taken part in and whether the
// run was stopped (by this rank or another). Acknowledges the end also when
// stopped, so that rank 0 does not wait for it. Throws std::runtime_error
// naming the problem when rank 0 or another rank is gone, or when this
// rank's window differs from rank 0's; GameError on bad input (see
// join_rank_group).
RunResult follow_run(const RunOptions& options, const std::atomic<bool>& stop);

}  // namespace inchzero
