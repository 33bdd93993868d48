#include "selfplay/evaluation.h"

#include <algorithm>
#include <cmath>

namespace inchzero {

Evaluation decode_evaluation(const Game& game, const std::vector<Action>& legal, int sym,
                             const float* logits, const float* wdl) {
  Evaluation eval;
  eval.priors.resize(legal.size());
  // 1. Gather the legal actions' logits through the symmetry, tracking the max
  //    so the softmax cannot overflow.
  float max_logit = -INFINITY;
  for (size_t i = 0; i < legal.size(); ++i) {
    const Action net_action = sym == 0 ? legal[i] : game.transform_action(legal[i], sym);
    eval.priors[i] = logits[net_action];
    max_logit = std::max(max_logit, eval.priors[i]);
  }
  // 2. Softmax over the legal actions only.
  double total = 0;
  for (float& p : eval.priors) {
    p = std::exp(p - max_logit);
    total += p;
  }
  for (float& p : eval.priors) p = static_cast<float>(p / total);
  // 3. Win/draw/loss, clamped and renormalised against sloppy backends.
  const float w = std::max(0.0f, wdl[0]), d = std::max(0.0f, wdl[1]), l = std::max(0.0f, wdl[2]);
  const float sum = w + d + l;
  if (sum > 0) {
    eval.win = w / sum;
    eval.draw = d / sum;
    eval.loss = l / sum;
  } else {
    eval.draw = 1;
  }
  return eval;
}

int symmetry_for(uint64_t position_hash, uint64_t run_seed, int num_symmetries) {
  if (num_symmetries <= 1) return 0;
  return static_cast<int>(splitmix64(position_hash ^ splitmix64(run_seed)) %
                          uint64_t(num_symmetries));
}

}  // namespace inchzero
