#include "selfplay/gumbel_root.h"

#include <algorithm>
#include <cmath>

#include "selfplay/gumbel.h"
#include "selfplay/puct.h"

namespace inchzero {

void GumbelRoot::begin_search(RootView root, int num_legal, bool add_noise, std::mt19937_64& rng,
                              int target_visits) {
  // Gumbel noise per root action, the visits already there, and the
  // Sequential Halving schedule for the simulations still to come.
  const size_t n = static_cast<size_t>(num_legal);
  noise_.assign(n, 0.0f);
  if (add_noise) {
    std::extreme_value_distribution<float> standard_gumbel(0.0f, 1.0f);
    for (float& g : noise_) g = standard_gumbel(rng);
  }
  start_visits_.assign(n, 0);
  for (int i = 0; i < root.size(); ++i) start_visits_[i] = root.children[i].visits;
  const int budget = target_visits - root.root->visits - (root.size() == 0 ? 1 : 0);
  considered_sequence_ = gumbel::considered_visit_sequence(
      std::min<int>(config_.gumbel_considered, static_cast<int>(n)), std::max(budget, 0));
  step_ = 0;
  active_ = true;
}

std::vector<int> GumbelRoot::search_visits(RootView root) const {
  std::vector<int> visits(root.size());
  for (int i = 0; i < root.size(); ++i) visits[i] = root.children[i].visits - start_visits_[i];
  return visits;
}

std::vector<float> GumbelRoot::root_scores(RootView root, bool with_sigma) const {
  const int n = root.size();
  const float sign = perspective(root.root->player);
  std::vector<float> scores(n), values(n), priors(n);
  std::vector<int> visits(n);
  for (int i = 0; i < n; ++i) {
    const SearchNode& c = root.children[i];
    priors[i] = c.prior;
    visits[i] = c.visits;
    values[i] = c.visits > 0 ? sign * c.value_sum0 / c.visits : 0;
    scores[i] = noise_[i] + std::log(std::max(c.prior, 1e-30f));
  }
  if (with_sigma) {
    const auto sigma =
        gumbel::sigma_completed_q(values, visits, priors, sign * root.root->eval_value0,
                                  config_.gumbel_c_visit, config_.gumbel_c_scale);
    for (int i = 0; i < n; ++i) scores[i] += sigma[i];
  }
  return scores;
}

int GumbelRoot::select_child(RootView root) {
  if (!active_)
    return puct_child(*root.root, root.children, config_.fpu_reduction_root, config_.c_puct);
  const std::vector<float> scores = root_scores(root, true);
  const std::vector<int> visits = search_visits(root);
  const int wanted = step_ < considered_sequence_.size() ? considered_sequence_[step_] : -1;
  ++step_;
  int best = -1;
  for (int pass = 0; pass < 2 && best < 0; ++pass) {
    for (int i = 0; i < root.size(); ++i) {
      if (pass == 0 && wanted >= 0 && visits[i] != wanted) continue;
      if (best < 0 || scores[i] > scores[best]) best = i;
    }
  }
  return best;
}

Action GumbelRoot::choose_action(RootView root, float temperature, std::mt19937_64& rng) const {
  if (!active_) return choose_by_visits(root.children, root.size(), temperature, rng);
  const std::vector<float> scores = root_scores(root, true);
  const std::vector<int> visits = search_visits(root);
  const int most = *std::max_element(visits.begin(), visits.end());
  int best = -1;
  for (int i = 0; i < root.size(); ++i) {
    if (visits[i] == most && (best < 0 || scores[i] > scores[best])) best = i;
  }
  return root.children[best].action;
}

std::vector<float> GumbelRoot::policy_target(RootView root) const {
  if (!active_ || root.size() == 0) return {};
  std::vector<float> logits, sigma = root_scores(root, true);
  const std::vector<float> base = root_scores(root, false);
  for (int i = 0; i < root.size(); ++i) {
    sigma[i] -= base[i];  // sigma alone
    logits.push_back(std::log(std::max(root.children[i].prior, 1e-30f)));
  }
  return gumbel::improved_policy(logits, sigma);
}

}  // namespace inchzero
