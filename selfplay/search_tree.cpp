#include "selfplay/search_tree.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "selfplay/puct.h"

namespace inchzero {

SearchTree::SearchTree(const Game& game, const SearchConfig& config, EvalCache* cache,
                       uint64_t run_seed)
    : game_(game),
      config_(config),
      cache_(cache),
      run_seed_(run_seed),
      root_strategy_(make_root_strategy(config_)) {}

void SearchTree::reset(const State& state) {
  root_state_ = state.clone();
  scratch_ = state.clone();  // from now on only copied into (select_leaf)
  nodes_.assign(1, Node{});
  leaf_pending_ = false;
  root_strategy_->clear();
}

RootView SearchTree::root_view() {
  Node& root = nodes_[0];
  return {&root, root.num_children > 0 ? &nodes_[root.first_child] : nullptr};
}

void SearchTree::advance(Action action) {
  assert(!leaf_pending_);
  root_state_->apply_action(action);
  root_strategy_->clear();
  const Node& root = nodes_[0];
  int child = -1;
  for (int i = 0; i < root.num_children; ++i) {
    if (nodes_[root.first_child + i].action == action) child = root.first_child + i;
  }
  if (!config_.reuse_tree || child < 0) {
    nodes_.assign(1, Node{});
    return;
  }
  // Copy the chosen subtree breadth-first into a fresh arena so that the
  // children of every node stay contiguous and the old tree is freed.
  std::vector<Node> fresh{nodes_[child]};
  std::vector<int> old_index{child};
  for (size_t i = 0; i < fresh.size(); ++i) {
    const Node& old = nodes_[old_index[i]];
    if (old.num_children == 0) continue;
    fresh[i].first_child = static_cast<int32_t>(fresh.size());
    for (int k = 0; k < old.num_children; ++k) {
      fresh.push_back(nodes_[old.first_child + k]);
      old_index.push_back(old.first_child + k);
    }
  }
  nodes_ = std::move(fresh);
}

void SearchTree::begin_search(bool add_noise, std::mt19937_64& rng, int target_visits) {
  const int num_legal = static_cast<int>(root_state_->legal_actions().size());
  root_strategy_->begin_search(root_view(), num_legal, add_noise, rng, target_visits);
}

int SearchTree::select_child(int index) const {
  const Node& node = nodes_[index];
  return node.first_child +
         puct_child(node, &nodes_[node.first_child], config_.fpu_reduction, config_.c_puct);
}

SearchTree::Leaf SearchTree::select_leaf() {
  assert(!leaf_pending_);
  ++counters_.simulations;
  // 1. Descend (the root strategy at the root, PUCT below), replaying the
  //    chosen actions on the scratch state reset to the root in place.
  scratch_->copy_from(*root_state_);
  path_.assign(1, 0);
  int index = 0;
  while (nodes_[index].num_children > 0) {
    index = index == 0 ? nodes_[0].first_child + root_strategy_->select_child(root_view())
                       : select_child(index);
    scratch_->apply_action(nodes_[index].action);
    path_.push_back(index);
  }
  Node& leaf = nodes_[index];
  // 2. A finished game is valued exactly.
  if (leaf.terminal || scratch_->is_terminal()) {
    if (!leaf.terminal) {
      const int winner = scratch_->winner();
      leaf.terminal = true;
      leaf.terminal_value0 = winner == 0 ? 1.0f : winner == 1 ? -1.0f : 0.0f;
      leaf.terminal_draw = winner == kNoPlayer ? 1.0f : 0.0f;
    }
    ++counters_.terminal_leaves;
    backup(leaf.terminal_value0, leaf.terminal_value0, leaf.terminal_draw);
    return Leaf::kResolved;
  }
  // 3. A position evaluated before (by any search sharing the cache).
  scratch_->legal_actions_into(leaf_legal_);
  leaf_hash_ = scratch_->hash();
  if (cache_) {
    auto cached = cache_->find(leaf_hash_);
    if (cached && cached->priors.size() == leaf_legal_.size()) {
      ++counters_.cache_hits;
      const int player = scratch_->current_player();
      expand(index, *cached, player);
      backup(leaf_value0(player, *cached), perspective(player) * cached->value(), cached->draw);
      return Leaf::kResolved;
    }
  }
  // 4. Otherwise the network must look at it.
  leaf_symmetry_ =
      config_.random_symmetry ? symmetry_for(leaf_hash_, run_seed_, game_.num_symmetries()) : 0;
  leaf_pending_ = true;
  return Leaf::kNeedsEvaluation;
}

float SearchTree::leaf_value0(int player, const Evaluation& eval) const {
  float value0 = perspective(player) * eval.value();
  if (config_.score_utility > 0) {
    // The running points margin of the leaf (scratch_), for player 0.
    const double margin = scratch_->points(0) - scratch_->points(1);
    value0 +=
        static_cast<float>(config_.score_utility * std::tanh(margin / config_.score_utility_scale));
    value0 = std::max(-1.0f, std::min(1.0f, value0));
  }
  return value0;
}

void SearchTree::complete_leaf(std::shared_ptr<const Evaluation> eval) {
  assert(leaf_pending_ && eval->priors.size() == leaf_legal_.size());
  leaf_pending_ = false;
  ++counters_.evaluations;
  const int player = scratch_->current_player();
  expand(path_.back(), *eval, player);
  backup(leaf_value0(player, *eval), perspective(player) * eval->value(), eval->draw);
  if (cache_) cache_->insert(leaf_hash_, std::move(eval));
}

void SearchTree::expand(int index, const Evaluation& eval, int player) {
  const auto first = static_cast<int32_t>(nodes_.size());
  for (size_t i = 0; i < leaf_legal_.size(); ++i) {
    Node child;
    child.action = leaf_legal_[i];
    child.prior = eval.priors[i];
    nodes_.push_back(child);
  }
  Node& node = nodes_[index];  // after the push_backs: they may reallocate
  node.first_child = first;
  node.num_children = static_cast<int32_t>(leaf_legal_.size());
  node.player = static_cast<int8_t>(player);
  node.eval_value0 = leaf_value0(player, eval);
  if (index == 0) root_strategy_->root_expanded(root_view());
}

void SearchTree::backup(float utility0, float winloss0, float draw) {
  for (int index : path_) {
    Node& node = nodes_[index];
    ++node.visits;
    node.value_sum0 += utility0;
    node.winloss_sum0 += winloss0;
    node.draw_sum += draw;
  }
}

RootSummary SearchTree::root_summary() const {
  const Node& root = nodes_[0];
  RootSummary summary;
  summary.visits = root.visits;
  if (root.visits > 0) {
    summary.value = perspective(root.player) * root.winloss_sum0 / root.visits;
    summary.utility = perspective(root.player) * root.value_sum0 / root.visits;
    summary.draw = root.draw_sum / root.visits;
  }
  for (int i = 0; i < root.num_children; ++i) {
    const Node& c = nodes_[root.first_child + i];
    RootChild child;
    child.action = c.action;
    child.visits = c.visits;
    child.prior = c.prior;
    if (c.visits > 0) {
      child.value = perspective(root.player) * c.winloss_sum0 / c.visits;
      child.utility = perspective(root.player) * c.value_sum0 / c.visits;
      child.draw = c.draw_sum / c.visits;
    }
    summary.children.push_back(child);
  }
  summary.policy_target = root_strategy_->policy_target(root_view());
  return summary;
}

std::vector<SearchTree::LineStep> SearchTree::principal_line(Action first, int max_actions) const {
  std::vector<LineStep> line;
  const Node& root = nodes_[0];
  int node = -1;
  for (int i = 0; i < root.num_children; ++i)
    if (nodes_[root.first_child + i].action == first) node = root.first_child + i;
  while (node >= 0 && static_cast<int>(line.size()) < max_actions) {
    const Node& n = nodes_[node];
    line.push_back({n.action, n.visits, n.prior});
    if (n.num_children == 0) break;  // not expanded (or terminal)
    int best = n.first_child;
    for (int i = 1; i < n.num_children; ++i) {
      const Node& c = nodes_[n.first_child + i];
      const Node& b = nodes_[best];
      if (c.visits > b.visits || (c.visits == b.visits && c.prior > b.prior))
        best = n.first_child + i;
    }
    node = best;
  }
  return line;
}

Action SearchTree::choose_action(float temperature, std::mt19937_64& rng) const {
  assert(nodes_[0].num_children > 0);
  return root_strategy_->choose_action(root_view(), temperature, rng);
}

}  // namespace inchzero
