// The PUCT rules shared by the interior of every search and by the PUCT root
// strategy: which child a simulation descends into, and which root child is
// played from the visit counts.
#pragma once

#include <random>

#include "selfplay/search_node.h"

namespace inchzero {

// The child of the expanded `node` (its `node.num_children` children start at
// `children`) with the best Q + c_puct * P * sqrt(N) / (1 + n), Q from the
// view of node.player; an unvisited child is valued at the parent's Q minus
// fpu_reduction * sqrt(prior mass already visited). Returns the child's
// offset in [0, num_children); the first of equal scores wins.
int puct_child(const SearchNode& node, const SearchNode* children, float fpu_reduction,
               double c_puct);

// The root child to play from the visit counts of `n` >= 1 children: the most
// visited when temperature < 1e-3 (ties: higher prior, then the first),
// else one drawn from `rng` with probability ∝ visits^(1/temperature)
// (when none is visited: the greedy choice, which follows the priors).
Action choose_by_visits(const SearchNode* children, int n, float temperature, std::mt19937_64& rng);

}  // namespace inchzero
