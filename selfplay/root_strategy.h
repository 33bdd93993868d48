// How a search treats its root: which root child each simulation descends
// into, the root noise, the move played and the policy target. SearchTree
// owns the tree (nodes, expansion, backup, evaluation) and asks one
// RootStrategy about the root; below the root every search is PUCT
// (puct.h). Two strategies, chosen by SearchConfig::gumbel:
//  * PuctRoot (puct_root.h): PUCT with Dirichlet noise, the move from the
//    visit counts and the temperature;
//  * GumbelRoot (gumbel_root.h): Gumbel sampling with Sequential Halving,
//    the surviving candidate, the improved policy as the target.
#pragma once

#include <memory>
#include <random>
#include <vector>

#include "selfplay/search_config.h"
#include "selfplay/search_node.h"

namespace inchzero {

// The root as a strategy sees it: the root node and its children
// (root->num_children of them, contiguous, in legal_actions() order; none
// while the root is not expanded). Valid until the tree next grows.
struct RootView {
  const SearchNode* root = nullptr;
  SearchNode* children = nullptr;
  int size() const { return root->num_children; }
};

class RootStrategy {
 public:
  virtual ~RootStrategy() = default;

  // The root changed (a new position, or a move played): forget the search
  // under way, so that nothing of it applies to the new root.
  virtual void clear() = 0;
  // A search of the root begins; it will run until the root has
  // `target_visits` visits. The root (`root`, expanded or not) has
  // `num_legal` legal actions. With `add_noise` the strategy draws its root
  // noise from `rng`; without it the search is deterministic.
  virtual void begin_search(RootView root, int num_legal, bool add_noise, std::mt19937_64& rng,
                            int target_visits) = 0;
  // The root has just been expanded: its children now exist (the strategy
  // may adjust their priors, e.g. with noise drawn before the expansion).
  virtual void root_expanded(RootView root) = 0;
  // The root child (offset in [0, root.size())) the next simulation descends
  // into. Precondition: the root is expanded.
  virtual int select_child(RootView root) = 0;
  // The move to play after the search. `temperature` and `rng` are for
  // strategies that sample from the visits. Precondition: the root is expanded.
  virtual Action choose_action(RootView root, float temperature, std::mt19937_64& rng) const = 0;
  // The policy-training target aligned with the root children, or empty when
  // the strategy leaves the target to the visit counts.
  virtual std::vector<float> policy_target(RootView root) const = 0;
};

// The strategy `config` asks for (config.gumbel), with its own copy of `config`.
std::unique_ptr<RootStrategy> make_root_strategy(const SearchConfig& config);

}  // namespace inchzero
