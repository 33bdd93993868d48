// Gumbel root search with Sequential Halving (Danihelka et al. 2022, "Policy
// improvement by planning with Gumbel"; DeepMind mctx): pure helpers used by
// the Gumbel root strategy (gumbel_root.h) when SearchConfig::gumbel is set.
//
// At the root, the top-m actions by g(a) + logit(a) (g: Gumbel noise) are
// considered; the simulation budget is split over log2(m) phases, each giving
// the remaining candidates equal visits and keeping the better half by
// g + logit + sigma(completed Q). The move is the surviving candidate with the
// best score, and the policy target is softmax(logit + sigma(completed Q)):
// a policy improvement even with few simulations.
#pragma once

#include <vector>

namespace inchzero::gumbel {

// For simulation k (0-based) of a search of `num_simulations` with
// `max_considered` candidates: the visit count (within this search) that the
// root action chosen at step k must have (mctx get_sequence_of_considered_visits).
std::vector<int> considered_visit_sequence(int max_considered, int num_simulations);

// sigma(completed Q) per root child (mctx qtransform_completed_by_mix_value):
// unvisited children get the mixed value of the root's own evaluation and the
// prior-weighted mean Q of the visited ones; all are min-max rescaled to
// [0, 1] and scaled by (c_visit + max visits) * c_scale.
// values: mean child values for the root player; visits: child visit counts;
// priors: root priors; raw_value: the network's value of the root position.
std::vector<float> sigma_completed_q(const std::vector<float>& values,
                                     const std::vector<int>& visits,
                                     const std::vector<float>& priors, float raw_value,
                                     double c_visit, double c_scale);

// softmax(logits + sigma): the improved policy (policy-training target).
std::vector<float> improved_policy(const std::vector<float>& logits,
                                   const std::vector<float>& sigma);

}  // namespace inchzero::gumbel
