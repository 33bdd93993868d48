// How the ranks of a data-parallel `inchzero run` (run_loop.h) follow rank
// 0: before each training phase rank 0 publishes a plan in the store the
// ranks met at (rank_store.h) under "inchzero/plan/<n>", n = 1, 2, ... in
// this launch; the last plan of a launch says why it ends. The store, not
// the run folder: it belongs to this launch (a plan of a crashed launch can
// never be read by the next one), every rank already reaches it, and the
// followers then write nothing in the run folder. Rank 0 also beats a
// heartbeat there, so that a follower waiting through rank 0's self-play and
// evaluation (any length) notices when rank 0 is gone. The beat comes from a
// thread of its own (self-play and evaluation have no common place to beat
// from), so it tells that rank 0's process died or lost the store, not that
// its main thread hangs: a hung rank 0 keeps its followers waiting.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "train/rank_store.h"

namespace inchzero {

struct RankPlan {
  int64_t seq = 0;             // 1, 2, ... in this launch
  std::string end;             // non-empty: the launch ends ("finished", "stopped", "failed: ...")
  int iteration = 0;           // the run iteration that trains
  int64_t start_steps = 0;     // trainer steps before it (= those of checkpoint iteration-1)
  int64_t steps = 0;           // steps to take
  int64_t arrivals = 0;        // shards of shard_index.jsonl in the window (its first lines)
  int newest_generation = 0;   // ReplayBuffer::set_newest_generation
  double budget_progress = 0;  // Trainer::set_budget_progress
  int64_t window_samples = 0, window_games = 0;  // rank 0's window, for a check
};

// Publish `plan` as plan number plan.seq. Throws std::runtime_error when the
// store cannot be reached.
void publish_plan(RankStore& store, const RankPlan& plan);

// Rank 0's last plan (plan.end set): publish it, then wait up to
// `wait_seconds` until the `followers` have read it (they acknowledge), so
// that a TCPStore, which ends with rank 0, outlives their reading. Errors
// of the store are ignored.
void publish_end(RankStore& store, const RankPlan& plan, int followers, double wait_seconds);

// A follower has read the end plan (for publish_end).
void acknowledge_end(RankStore& store);

// Wait for plan number `seq`. Throws std::runtime_error naming the problem
// when rank 0's heartbeat stops for `timeout_seconds` (its process died or
// lost the store) or the store cannot be reached (rank 0 is gone). Returns a plan with end
// "interrupted" when `stop` turns true first.
RankPlan wait_for_plan(RankStore& store, int64_t seq, double timeout_seconds,
                       const std::atomic<bool>& stop);

// Rank 0's heartbeat: a thread that sets a counter in the store every
// timeout/4 seconds (at most 15 s apart) until destroyed. Errors of the
// store are ignored (the followers then see no beat).
class Heartbeat {
 public:
  Heartbeat(RankStore& store, double timeout_seconds);
  ~Heartbeat();
  Heartbeat(const Heartbeat&) = delete;
  Heartbeat& operator=(const Heartbeat&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace inchzero
