#include "train/rank_leader.h"

#include <fmt/format.h>

#include <iostream>

#include "train/gloo_sync.h"
#include "train/trainer.h"

namespace inchzero {

RankLeader::RankLeader(const RankOptions& options)
    : options_(options), group_(std::make_unique<RankGroup>(join_rank_group(options))) {
  heartbeat_ = std::make_unique<Heartbeat>(*group_->store, options.timeout_seconds);
  std::cout << fmt::format("rank 0 of {}: the group formed at {}\n", options.ranks,
                           options.rendezvous)
            << std::flush;
}

RankLeader::~RankLeader() = default;

GradientSync* RankLeader::sync() const { return group_->sync.get(); }

void RankLeader::plan_training(RankPlan plan, Trainer& trainer) {
  plan.seq = ++plans_;
  publish_plan(*group_->store, plan);
  trainer.broadcast_parameters();
}

void RankLeader::end_launch(const std::string& why) {
  RankPlan plan;
  plan.seq = ++plans_;
  plan.end = why;
  const double wait = why.rfind("failed", 0) == 0 ? 2.0 : options_.timeout_seconds;
  publish_end(*group_->store, plan, options_.ranks - 1, wait);
}

void RankLeader::forget_rendezvous() const { inchzero::forget_rendezvous(options_); }

}  // namespace inchzero
