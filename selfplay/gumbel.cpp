#include "selfplay/gumbel.h"

#include <algorithm>
#include <cmath>

namespace inchzero::gumbel {

std::vector<int> considered_visit_sequence(int max_considered, int num_simulations) {
  std::vector<int> sequence;
  if (num_simulations <= 0) return sequence;
  if (max_considered <= 1) {
    for (int k = 0; k < num_simulations; ++k) sequence.push_back(k);
    return sequence;
  }
  const int log2max = static_cast<int>(std::ceil(std::log2(max_considered)));
  std::vector<int> visits(max_considered, 0);
  int considered = max_considered;
  while (static_cast<int>(sequence.size()) < num_simulations) {
    const int extra = std::max(1, num_simulations / (log2max * considered));
    for (int e = 0; e < extra; ++e) {
      sequence.insert(sequence.end(), visits.begin(), visits.begin() + considered);
      for (int i = 0; i < considered; ++i) ++visits[i];
    }
    considered = std::max(2, considered / 2);  // halve the candidates
  }
  sequence.resize(num_simulations);
  return sequence;
}

std::vector<float> sigma_completed_q(const std::vector<float>& values,
                                     const std::vector<int>& visits,
                                     const std::vector<float>& priors, float raw_value,
                                     double c_visit, double c_scale) {
  const size_t n = values.size();
  // 1. The mixed value: the root's own evaluation blended with the
  //    prior-weighted mean value of the visited children.
  double visit_sum = 0, prior_sum = 0, weighted_q = 0;
  int max_visits = 0;
  for (size_t i = 0; i < n; ++i) {
    visit_sum += visits[i];
    max_visits = std::max(max_visits, visits[i]);
    if (visits[i] > 0) prior_sum += std::max(priors[i], 1e-30f);
  }
  for (size_t i = 0; i < n; ++i) {
    if (visits[i] > 0) weighted_q += std::max(priors[i], 1e-30f) * values[i] / prior_sum;
  }
  const double mixed = (raw_value + visit_sum * weighted_q) / (visit_sum + 1);
  // 2. Completed Q, min-max rescaled to [0, 1].
  std::vector<float> q(n);
  float lo = INFINITY, hi = -INFINITY;
  for (size_t i = 0; i < n; ++i) {
    q[i] = visits[i] > 0 ? values[i] : static_cast<float>(mixed);
    lo = std::min(lo, q[i]);
    hi = std::max(hi, q[i]);
  }
  // 3. Scaled so that Q weighs more as the visits grow.
  const double scale = (c_visit + max_visits) * c_scale;
  for (float& x : q) x = static_cast<float>(scale * (x - lo) / std::max(hi - lo, 1e-8f));
  return q;
}

std::vector<float> improved_policy(const std::vector<float>& logits,
                                   const std::vector<float>& sigma) {
  std::vector<float> p(logits.size());
  float top = -INFINITY;
  for (size_t i = 0; i < p.size(); ++i) top = std::max(top, p[i] = logits[i] + sigma[i]);
  double total = 0;
  for (float& x : p) total += (x = std::exp(x - top));
  for (float& x : p) x = static_cast<float>(x / total);
  return p;
}

}  // namespace inchzero::gumbel
