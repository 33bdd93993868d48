// Rank 0's side of a data-parallel `inchzero run` (docs/cluster.md): the
// group of the ranks, the heartbeat its followers watch (rank_plan.h) and
// the plans it publishes. The run loop meets the ranks at three points and
// nowhere else: before each training phase (plan_training), in the gradient
// sum of each step (sync), and when the launch ends (end_launch). A run of
// one rank has no RankLeader, so its phases read as those of one process.
// The followers' side is run_follower.h.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "train/rank_options.h"
#include "train/rank_plan.h"

namespace inchzero {

class GradientSync;
class Trainer;
struct RankGroup;

class RankLeader {
 public:
  // Forms the group of options.ranks ranks (blocks until the followers
  // joined; join_rank_group's errors), starts the heartbeat and says so on
  // stdout.
  explicit RankLeader(const RankOptions& options);
  ~RankLeader();
  RankLeader(const RankLeader&) = delete;
  RankLeader& operator=(const RankLeader&) = delete;

  int ranks() const { return options_.ranks; }
  // The gradient sum every training step of every rank takes part in.
  GradientSync* sync() const;

  // Before a training phase: publishes `plan` (numbered here: 1, 2, ... in
  // this launch) for the followers, then broadcasts `trainer`'s parameters
  // so that every rank starts the phase from rank 0's weights.
  void plan_training(RankPlan plan, Trainer& trainer);

  // The launch ends, `why` being "finished", "stopped" or "failed: ...":
  // the last plan, waited on until the followers read it (the store ends
  // with rank 0). After a failure inside a phase the followers are failing
  // themselves, so it waits only 2 s for them.
  void end_launch(const std::string& why);

  // After a failed launch, once the followers had their chance to read its
  // end: a file: rendezvous is removed (forget_rendezvous), so that the
  // same command on every rank starts a fresh launch.
  void forget_rendezvous() const;

 private:
  RankOptions options_;
  std::unique_ptr<RankGroup> group_;
  std::unique_ptr<Heartbeat> heartbeat_;
  int64_t plans_ = 0;
};

}  // namespace inchzero
