// The Gumbel root strategy (root_strategy.h; the algorithm and its helpers:
// gumbel.h): Gumbel noise per root action, Sequential Halving over the
// considered candidates, the survivor played, the improved policy as the
// target. Below the root the search stays PUCT.
#pragma once

#include <cstddef>
#include <vector>

#include "selfplay/root_strategy.h"

namespace inchzero {

class GumbelRoot final : public RootStrategy {
 public:
  explicit GumbelRoot(const SearchConfig& config) : config_(config) {}

  void clear() override { active_ = false; }
  // Draws the Gumbel noise (with `add_noise`; else all zero), notes the root
  // child visits already there (a reused subtree), and lays out the Sequential
  // Halving schedule of the simulations still to come before `target_visits`.
  void begin_search(RootView root, int num_legal, bool add_noise, std::mt19937_64& rng,
                    int target_visits) override;
  void root_expanded(RootView) override {}
  // The best-scoring candidate (g + logit + sigma) among those with exactly
  // the visits the schedule asks for at this step (past the schedule: the
  // best overall). Outside a search (after clear(), before begin_search):
  // PUCT, as PuctRoot without noise.
  int select_child(RootView root) override;
  // The most visited candidate of this search (the Sequential Halving
  // survivor), among equals the best score; the temperature is ignored, as
  // the noise already made the choice random. Outside a search: as PuctRoot.
  Action choose_action(RootView root, float temperature, std::mt19937_64& rng) const override;
  // The improved policy softmax(logit + sigma(completed Q)); empty outside a
  // search or while the root is not expanded.
  std::vector<float> policy_target(RootView root) const override;

 private:
  // g + logit (+ sigma(completed Q) when `with_sigma`) per root child.
  std::vector<float> root_scores(RootView root, bool with_sigma) const;
  // The root child visits of this search (without the reused ones).
  std::vector<int> search_visits(RootView root) const;

  const SearchConfig config_;             // a copy: a moved tree must not leave it dangling
  bool active_ = false;                   // a search of this root has begun
  std::vector<float> noise_;              // per root child
  std::vector<int> start_visits_;         // root child visits when the search began
  std::vector<int> considered_sequence_;  // gumbel::considered_visit_sequence
  size_t step_ = 0;                       // simulations of this search so far
};

}  // namespace inchzero
