#include "selfplay/puct_root.h"

#include <cassert>

#include "selfplay/puct.h"

namespace inchzero {

void PuctRoot::begin_search(RootView root, int num_legal, bool add_noise, std::mt19937_64& rng,
                            int target_visits) {
  (void)target_visits;  // PUCT needs no schedule
  pending_noise_.clear();
  if (!add_noise || config_.dirichlet_epsilon <= 0 || config_.dirichlet_alpha_total <= 0) return;
  const size_t n = static_cast<size_t>(num_legal);
  if (n < 2) return;
  // A Dirichlet sample is a normalised vector of Gamma(alpha, 1) draws.
  std::gamma_distribution<float> gamma(
      static_cast<float>(config_.dirichlet_alpha_total / static_cast<double>(n)), 1.0f);
  pending_noise_.resize(n);
  float total = 0;
  for (float& x : pending_noise_) total += (x = gamma(rng));
  if (total <= 0) {  // every draw underflowed (tiny alpha): put the mass on one
    std::uniform_int_distribution<size_t> pick(0, n - 1);
    pending_noise_[pick(rng)] = total = 1;
  }
  for (float& x : pending_noise_) x /= total;
  root_expanded(root);
}

void PuctRoot::root_expanded(RootView root) {
  if (pending_noise_.empty() || root.size() == 0) return;
  assert(static_cast<size_t>(root.size()) == pending_noise_.size());
  const float eps = config_.dirichlet_epsilon;
  for (int i = 0; i < root.size(); ++i) {
    SearchNode& child = root.children[i];
    child.prior = (1 - eps) * child.prior + eps * pending_noise_[i];
  }
  pending_noise_.clear();
}

int PuctRoot::select_child(RootView root) {
  return puct_child(*root.root, root.children, config_.fpu_reduction_root, config_.c_puct);
}

Action PuctRoot::choose_action(RootView root, float temperature, std::mt19937_64& rng) const {
  return choose_by_visits(root.children, root.size(), temperature, rng);
}

}  // namespace inchzero
