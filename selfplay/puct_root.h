// The PUCT root strategy (root_strategy.h): the root is searched like every
// other node (puct.h, with fpu_reduction_root), its priors get Dirichlet
// noise when asked, and the move comes from the visit counts and the
// temperature.
#pragma once

#include <vector>

#include "selfplay/root_strategy.h"

namespace inchzero {

class PuctRoot final : public RootStrategy {
 public:
  explicit PuctRoot(const SearchConfig& config) : config_(config) {}

  void clear() override { pending_noise_.clear(); }
  // With `add_noise` (and dirichlet_epsilon, dirichlet_alpha_total > 0 and at
  // least two legal actions) draws Dirichlet noise, alpha =
  // dirichlet_alpha_total / num_legal, and mixes it into the root priors
  // with weight dirichlet_epsilon: now, or when the root is expanded.
  void begin_search(RootView root, int num_legal, bool add_noise, std::mt19937_64& rng,
                    int target_visits) override;
  // Mixes in the noise drawn before the expansion, if any.
  void root_expanded(RootView root) override;
  // PUCT with fpu_reduction_root.
  int select_child(RootView root) override;
  // choose_by_visits (puct.h).
  Action choose_action(RootView root, float temperature, std::mt19937_64& rng) const override;
  // Empty: the visit counts are the target.
  std::vector<float> policy_target(RootView) const override { return {}; }

 private:
  const SearchConfig config_;         // a copy: a moved tree must not leave it dangling
  std::vector<float> pending_noise_;  // drawn, not yet mixed in (root not expanded)
};

}  // namespace inchzero
