// One search tree over decision actions, driven one simulation at a time so
// that many trees (one per game) can share a network batch:
//
//   tree.begin_search(noise, rng);
//   while (tree.root_visits() < target) {
//     if (tree.select_leaf() == SearchTree::Leaf::kNeedsEvaluation) {
//       ... encode tree.leaf_state() through tree.leaf_symmetry(), evaluate ...
//       tree.complete_leaf(evaluation);
//     }
//   }
//   Action a = tree.choose_action(temperature, rng);
//   tree.advance(a);
//
// Values. Every node keeps its statistics for player 0 (win - loss and draw
// probability, summed over its visits). A node's children are ranked from the
// point of view of the node's own current_player(), so a value "flips" exactly
// when the player to move changes — inside a compound move the same player
// keeps deciding and nothing flips. No alternation is ever assumed.
//
// Terminal positions are valued exactly from State::winner(); other leaves get
// the network's (or the cache's) win/draw/loss for the player to move there.
//
// The tree (nodes, expansion, backup, evaluation plumbing) is the same for
// every search; the root is handled by a RootStrategy (root_strategy.h)
// chosen by config.gumbel: PUCT with Dirichlet noise, or Gumbel with
// Sequential Halving. Below the root the search is PUCT (puct.h).
//
// A simulation neither clones the root nor builds a fresh action list: the
// scratch state is reset to the root with State::copy_from (a copy into the
// same object, whose vectors keep their capacity) and the leaf's legal
// actions are generated into a reused vector.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "core/game.h"
#include "selfplay/eval_cache.h"
#include "selfplay/evaluation.h"
#include "selfplay/root_strategy.h"
#include "selfplay/search_config.h"
#include "selfplay/search_node.h"

namespace inchzero {

// What a search saw at its root, for move choice and game records.
struct RootChild {
  Action action = 0;
  int visits = 0;
  float prior = 0;    // after noise, if any
  float value = 0;    // mean win - loss for the root player (0 if unvisited)
  float utility = 0;  // mean searched utility (value + score utility) for the root player
  float draw = 0;     // mean draw probability (0 if unvisited)
};
struct RootSummary {
  int visits = 0;  // root visits, its own evaluation included
  // Mean win - loss for the player to move at the root: what the network and
  // the finished games say, without the score utility, so that resignation
  // and recorded values mean "chance to win" whatever the utility weight.
  float value = 0;
  float utility = 0;                // mean searched utility (what selection maximised)
  float draw = 0;                   // mean draw probability
  std::vector<RootChild> children;  // in legal_actions() order
  // Gumbel search only: the improved policy (the policy-training target),
  // aligned with `children`; empty for PUCT searches.
  std::vector<float> policy_target;
};

// Running totals of one tree (summed over its searches).
struct SearchCounters {
  int64_t simulations = 0;      // select_leaf calls
  int64_t terminal_leaves = 0;  // simulations ending in a finished game
  int64_t cache_hits = 0;       // leaves answered by the cache
  int64_t evaluations = 0;      // leaves sent to the network
};

class SearchTree {
 public:
  enum class Leaf { kNeedsEvaluation, kResolved };

  // `cache` may be null (no cache) and must outlive the tree. `run_seed`
  // picks the symmetry of each evaluation (see symmetry_for).
  SearchTree(const Game& game, const SearchConfig& config, EvalCache* cache, uint64_t run_seed);

  // Drop the tree and search from a copy of `state` from now on.
  void reset(const State& state);
  // Play `action` (a legal action of the root) and make the result the new
  // root, keeping the chosen child's subtree when config.reuse_tree is set.
  void advance(Action action);
  const State& root_state() const { return *root_state_; }

  // Prepare a search of the current root that will run until the root has
  // `target_visits` visits. With `add_noise`, the root priors get Dirichlet
  // noise (alpha = dirichlet_alpha_total / number of legal actions, weight
  // dirichlet_epsilon) drawn from `rng`, now or as soon as the root is
  // expanded; only the root is ever noised. With config.gumbel the root is
  // searched by Sequential Halving over `target_visits` instead, and
  // `add_noise` draws the Gumbel noise (without it the search is deterministic).
  void begin_search(bool add_noise, std::mt19937_64& rng, int target_visits);

  // Walk from the root to a leaf (the root strategy picks the root child,
  // PUCT the others). A terminal leaf or a cache hit is
  // backed up at once (kResolved). Otherwise the leaf waits for complete_leaf
  // (kNeedsEvaluation); no other select_leaf may happen before that.
  // Precondition: the root is not terminal.
  Leaf select_leaf();
  // The waiting leaf: its state, legal actions and the symmetry to encode it with.
  const State& leaf_state() const { return *scratch_; }
  const std::vector<Action>& leaf_legal() const { return leaf_legal_; }
  int leaf_symmetry() const { return leaf_symmetry_; }
  // Expand the waiting leaf with `eval` (priors aligned with leaf_legal()),
  // back its value up the path, and store it in the cache.
  void complete_leaf(std::shared_ptr<const Evaluation> eval);

  int root_visits() const { return nodes_[0].visits; }
  RootSummary root_summary() const;
  // One step of a line through the tree.
  struct LineStep {
    Action action = 0;
    int visits = 0;
    float prior = 0;
  };
  // The line the search believes in from the root child `first` (a legal
  // action of the root; empty when the root is not expanded or has no such
  // child): that child, then at each expanded node its most visited child
  // (ties: higher prior; among unvisited children the highest prior, so a
  // move begun by the search can be completed), stopping after a child that
  // is not expanded or after `max_actions` actions.
  std::vector<LineStep> principal_line(Action first, int max_actions) const;
  // Choose the move to play: the most visited child when temperature is ~0
  // (ties: higher prior), else a child drawn with probability ∝ visits^(1/T).
  // A Gumbel search ignores the temperature and plays the surviving candidate
  // (the noise already made the choice random). Precondition: the root is
  // expanded. (RootStrategy::choose_action.)
  Action choose_action(float temperature, std::mt19937_64& rng) const;

  const SearchCounters& counters() const { return counters_; }
  const SearchConfig& config() const { return config_; }

 private:
  using Node = SearchNode;

  // The PUCT child of the interior node `node` (arena index).
  int select_child(int node) const;
  void expand(int node, const Evaluation& eval, int player);
  // Add one visit along path_: `utility0` (selection), `winloss0` and `draw`.
  void backup(float utility0, float winloss0, float draw);
  // The value for player 0 of the leaf under evaluation (the position in
  // scratch_, `player` to move): the network's, plus the score utility.
  float leaf_value0(int player, const Evaluation& eval) const;
  // The root and its children for the root strategy (valid until nodes_
  // grows). The const overload serves the strategy's const methods, which
  // only read through it.
  RootView root_view();
  RootView root_view() const { return const_cast<SearchTree*>(this)->root_view(); }

  const Game& game_;
  SearchConfig config_;
  EvalCache* cache_;
  uint64_t run_seed_;
  std::unique_ptr<RootStrategy> root_strategy_;  // make_root_strategy(config_)

  std::vector<Node> nodes_;  // nodes_[0] is the root; children are contiguous
  std::unique_ptr<State> root_state_;
  // The state of the current simulation: reset to the root by copy_from,
  // never reallocated (see the header comment).
  std::unique_ptr<State> scratch_;
  std::vector<int> path_;           // node indices from the root to the leaf
  std::vector<Action> leaf_legal_;  // reused: legal_actions_into
  uint64_t leaf_hash_ = 0;
  int leaf_symmetry_ = 0;
  bool leaf_pending_ = false;
  SearchCounters counters_;
};

}  // namespace inchzero
