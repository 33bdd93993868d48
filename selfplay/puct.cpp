#include "selfplay/puct.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace inchzero {

int puct_child(const SearchNode& node, const SearchNode* children, float fpu_reduction,
               double c_puct) {
  const float sign = perspective(node.player);
  // 1. First-play urgency: unvisited children borrow the parent's value,
  //    reduced by how much prior mass has already been explored.
  float visited_prior = 0;
  int child_visits = 0;
  for (int i = 0; i < node.num_children; ++i) {
    const SearchNode& c = children[i];
    if (c.visits > 0) visited_prior += c.prior;
    child_visits += c.visits;
  }
  const float parent_value = node.visits > 0 ? sign * node.value_sum0 / node.visits : 0;
  const float fpu = parent_value - fpu_reduction * std::sqrt(visited_prior);
  // 2. PUCT: Q (for the player to move here) + c * P * sqrt(N) / (1 + n).
  //    N is at least 1 so that the first visit follows the priors.
  const float explore = c_puct * std::sqrt(static_cast<float>(std::max(child_visits, 1)));
  int best = -1;
  float best_score = -INFINITY;
  for (int i = 0; i < node.num_children; ++i) {
    const SearchNode& c = children[i];
    const float q = c.visits > 0 ? sign * c.value_sum0 / c.visits : fpu;
    const float score = q + explore * c.prior / (1 + c.visits);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return best;
}

Action choose_by_visits(const SearchNode* children, int n, float temperature,
                        std::mt19937_64& rng) {
  // 1. Greedy: most visits, then highest prior.
  if (temperature < 1e-3f) {
    const SearchNode* best = children;
    for (int i = 1; i < n; ++i) {
      const SearchNode& c = children[i];
      if (c.visits > best->visits || (c.visits == best->visits && c.prior > best->prior)) {
        best = &c;
      }
    }
    return best->action;
  }
  // 2. Sample ∝ visits^(1/T), computed in log space so high powers cannot overflow.
  double max_log = -INFINITY;
  for (int i = 0; i < n; ++i) {
    if (children[i].visits > 0) max_log = std::max(max_log, std::log(double(children[i].visits)));
  }
  if (max_log == -INFINITY) return choose_by_visits(children, n, 0, rng);  // follow priors
  std::vector<double> weights(n, 0.0);
  for (int i = 0; i < n; ++i) {
    if (children[i].visits > 0) {
      weights[i] = std::exp((std::log(double(children[i].visits)) - max_log) / temperature);
    }
  }
  std::discrete_distribution<int> pick(weights.begin(), weights.end());
  return children[pick(rng)].action;
}

}  // namespace inchzero
