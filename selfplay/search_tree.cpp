#include "selfplay/search_tree.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "selfplay/gumbel.h"

namespace inchzero {
namespace {

// +1 for player 0, -1 for player 1: converts player-0 values to the mover's view.
float perspective(int player) { return player == 0 ? 1.0f : -1.0f; }

}  // namespace

SearchTree::SearchTree(const Game& game, const SearchConfig& config, EvalCache* cache,
                       uint64_t run_seed)
    : game_(game), config_(config), cache_(cache), run_seed_(run_seed) {}

void SearchTree::reset(const State& state) {
  root_state_ = state.clone();
  nodes_.assign(1, Node{});
  leaf_pending_ = false;
  pending_noise_.clear();
  gumbel_active_ = false;
}

void SearchTree::advance(Action action) {
  assert(!leaf_pending_);
  root_state_->apply_action(action);
  pending_noise_.clear();
  gumbel_active_ = false;
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
  pending_noise_.clear();
  gumbel_active_ = false;
  if (config_.gumbel) {
    // Gumbel noise per root action, the visits already there, and the
    // Sequential Halving schedule for the simulations still to come.
    const Node& root = nodes_[0];
    const size_t n = root_state_->legal_actions().size();
    gumbel_noise_.assign(n, 0.0f);
    if (add_noise) {
      std::extreme_value_distribution<float> standard_gumbel(0.0f, 1.0f);
      for (float& g : gumbel_noise_) g = standard_gumbel(rng);
    }
    start_visits_.assign(n, 0);
    for (int i = 0; i < root.num_children; ++i)
      start_visits_[i] = nodes_[root.first_child + i].visits;
    const int budget = target_visits - root.visits - (root.num_children == 0 ? 1 : 0);
    considered_sequence_ = gumbel::considered_visit_sequence(
        std::min<int>(config_.gumbel_considered, static_cast<int>(n)), std::max(budget, 0));
    gumbel_step_ = 0;
    gumbel_active_ = true;
    return;
  }
  if (!add_noise || config_.dirichlet_epsilon <= 0 || config_.dirichlet_alpha_total <= 0) return;
  const size_t n = root_state_->legal_actions().size();
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
  apply_pending_noise();
}

void SearchTree::apply_pending_noise() {
  Node& root = nodes_[0];
  if (pending_noise_.empty() || root.num_children == 0) return;
  assert(static_cast<size_t>(root.num_children) == pending_noise_.size());
  const float eps = config_.dirichlet_epsilon;
  for (int i = 0; i < root.num_children; ++i) {
    Node& child = nodes_[root.first_child + i];
    child.prior = (1 - eps) * child.prior + eps * pending_noise_[i];
  }
  pending_noise_.clear();
}

int SearchTree::select_child(int index) const {
  const Node& node = nodes_[index];
  const float sign = perspective(node.player);
  // 1. First-play urgency: unvisited children borrow the parent's value,
  //    reduced by how much prior mass has already been explored.
  float visited_prior = 0;
  int child_visits = 0;
  for (int i = 0; i < node.num_children; ++i) {
    const Node& c = nodes_[node.first_child + i];
    if (c.visits > 0) visited_prior += c.prior;
    child_visits += c.visits;
  }
  const float parent_value = node.visits > 0 ? sign * node.value_sum0 / node.visits : 0;
  const float reduction = index == 0 ? config_.fpu_reduction_root : config_.fpu_reduction;
  const float fpu = parent_value - reduction * std::sqrt(visited_prior);
  // 2. PUCT: Q (for the player to move here) + c * P * sqrt(N) / (1 + n).
  //    N is at least 1 so that the first visit follows the priors.
  const float explore = config_.c_puct * std::sqrt(static_cast<float>(std::max(child_visits, 1)));
  int best = -1;
  float best_score = -INFINITY;
  for (int i = 0; i < node.num_children; ++i) {
    const Node& c = nodes_[node.first_child + i];
    const float q = c.visits > 0 ? sign * c.value_sum0 / c.visits : fpu;
    const float score = q + explore * c.prior / (1 + c.visits);
    if (score > best_score) {
      best_score = score;
      best = node.first_child + i;
    }
  }
  return best;
}

SearchTree::Leaf SearchTree::select_leaf() {
  assert(!leaf_pending_);
  ++counters_.simulations;
  // 1. Descend by PUCT, replaying the chosen actions on a copy of the root.
  scratch_ = root_state_->clone();
  path_.assign(1, 0);
  int index = 0;
  while (nodes_[index].num_children > 0) {
    index = index == 0 && gumbel_active_ ? gumbel_root_child() : select_child(index);
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
  leaf_legal_ = scratch_->legal_actions();
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
  if (index == 0) apply_pending_noise();
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
  if (gumbel_active_ && root.num_children > 0) {
    std::vector<float> logits, sigma = gumbel_scores(true);
    const std::vector<float> base = gumbel_scores(false);
    for (int i = 0; i < root.num_children; ++i) {
      sigma[i] -= base[i];  // sigma alone
      logits.push_back(std::log(std::max(nodes_[root.first_child + i].prior, 1e-30f)));
    }
    summary.policy_target = gumbel::improved_policy(logits, sigma);
  }
  return summary;
}

std::vector<int> SearchTree::search_visits() const {
  const Node& root = nodes_[0];
  std::vector<int> visits(root.num_children);
  for (int i = 0; i < root.num_children; ++i) {
    visits[i] = nodes_[root.first_child + i].visits - start_visits_[i];
  }
  return visits;
}

std::vector<float> SearchTree::gumbel_scores(bool with_sigma) const {
  const Node& root = nodes_[0];
  const float sign = perspective(root.player);
  std::vector<float> scores(root.num_children), values(root.num_children),
      priors(root.num_children);
  std::vector<int> visits(root.num_children);
  for (int i = 0; i < root.num_children; ++i) {
    const Node& c = nodes_[root.first_child + i];
    priors[i] = c.prior;
    visits[i] = c.visits;
    values[i] = c.visits > 0 ? sign * c.value_sum0 / c.visits : 0;
    scores[i] = gumbel_noise_[i] + std::log(std::max(c.prior, 1e-30f));
  }
  if (with_sigma) {
    const auto sigma = gumbel::sigma_completed_q(values, visits, priors, sign * root.eval_value0,
                                                 config_.gumbel_c_visit, config_.gumbel_c_scale);
    for (int i = 0; i < root.num_children; ++i) scores[i] += sigma[i];
  }
  return scores;
}

int SearchTree::gumbel_root_child() {
  // The best-scoring action among those with exactly the visit count the
  // schedule asks for at this step (past the schedule: the best overall).
  const Node& root = nodes_[0];
  const std::vector<float> scores = gumbel_scores(true);
  const std::vector<int> visits = search_visits();
  const int wanted =
      gumbel_step_ < considered_sequence_.size() ? considered_sequence_[gumbel_step_] : -1;
  ++gumbel_step_;
  int best = -1;
  for (int pass = 0; pass < 2 && best < 0; ++pass) {
    for (int i = 0; i < root.num_children; ++i) {
      if (pass == 0 && wanted >= 0 && visits[i] != wanted) continue;
      if (best < 0 || scores[i] > scores[best]) best = i;
    }
  }
  return root.first_child + best;
}

Action SearchTree::gumbel_final_action() const {
  // The most visited candidate of this search (the Sequential Halving
  // survivor); among equals, the best score.
  const Node& root = nodes_[0];
  const std::vector<float> scores = gumbel_scores(true);
  const std::vector<int> visits = search_visits();
  const int most = *std::max_element(visits.begin(), visits.end());
  int best = -1;
  for (int i = 0; i < root.num_children; ++i) {
    if (visits[i] == most && (best < 0 || scores[i] > scores[best])) best = i;
  }
  return nodes_[root.first_child + best].action;
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
  const Node& root = nodes_[0];
  assert(root.num_children > 0);
  if (gumbel_active_) return gumbel_final_action();
  const Node* children = &nodes_[root.first_child];
  // 1. Greedy: most visits, then highest prior.
  if (temperature < 1e-3f) {
    const Node* best = children;
    for (int i = 1; i < root.num_children; ++i) {
      const Node& c = children[i];
      if (c.visits > best->visits || (c.visits == best->visits && c.prior > best->prior)) {
        best = &c;
      }
    }
    return best->action;
  }
  // 2. Sample ∝ visits^(1/T), computed in log space so high powers cannot overflow.
  double max_log = -INFINITY;
  for (int i = 0; i < root.num_children; ++i) {
    if (children[i].visits > 0) max_log = std::max(max_log, std::log(double(children[i].visits)));
  }
  if (max_log == -INFINITY) return choose_action(0, rng);  // nothing visited: follow priors
  std::vector<double> weights(root.num_children, 0.0);
  for (int i = 0; i < root.num_children; ++i) {
    if (children[i].visits > 0) {
      weights[i] = std::exp((std::log(double(children[i].visits)) - max_log) / temperature);
    }
  }
  std::discrete_distribution<int> pick(weights.begin(), weights.end());
  return children[pick(rng)].action;
}

}  // namespace inchzero
