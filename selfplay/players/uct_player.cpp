#include "selfplay/players/uct_player.h"

#include <algorithm>
#include <cmath>

#include "selfplay/players/move_clock.h"
#include "selfplay/players/random_player.h"

namespace inchzero {

double UctPlayer::outcome_for(const State& state, int player) const {
  int winner = state.winner();
  if (!state.is_terminal()) {
    // Rollout cap: the side ahead on points counts as the winner.
    double diff = state.points(0) - state.points(1);
    winner = diff > 0 ? 0 : (diff < 0 ? 1 : kNoPlayer);
  }
  if (winner == kNoPlayer) return player == me_ ? draw_value_ : 1.0 - draw_value_;
  return winner == player ? 1.0 : 0.0;
}

int UctPlayer::select_child(const Node& node) const {
  // UCB1: mean reward + c·sqrt(ln N / n). Every child has n >= 1 here.
  const double log_parent = std::log(static_cast<double>(std::max(1, node.visits)));
  int best = node.children.front();
  double best_score = -1;
  for (int c : node.children) {
    const Node& child = nodes_[c];
    double score =
        child.reward / child.visits + spec_.exploration * std::sqrt(log_parent / child.visits);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

void UctPlayer::playout(int root, const State& root_state) {
  // The playout's state, copied into the storage of the last one (no allocation).
  if (!scratch_) {
    scratch_ = root_state.clone();
  } else {
    scratch_->copy_from(root_state);
  }
  State* state = scratch_.get();
  std::vector<int> path = {root};
  // 1. Selection: descend through fully expanded nodes.
  // 2. Expansion: add one untried decision as a new child.
  while (true) {
    Node& node = nodes_[path.back()];
    if (!node.initialised) {
      node.untried = state->legal_actions();
      std::shuffle(node.untried.begin(), node.untried.end(), rng_);
      node.initialised = true;
    }
    if (state->is_terminal()) break;
    if (!node.untried.empty()) {
      Node child;
      child.action = node.untried.back();
      child.mover = state->current_player();
      node.untried.pop_back();
      state->apply_action(child.action);
      int index = static_cast<int>(nodes_.size());
      nodes_[path.back()].children.push_back(index);  // `node` may dangle after push_back
      nodes_.push_back(std::move(child));
      path.push_back(index);
      break;
    }
    int next = select_child(node);
    state->apply_action(nodes_[next].action);
    path.push_back(next);
  }
  // 3. Rollout: random decisions to the end or to the ply cap, finishing the
  // move in progress so that points are read at a move boundary.
  const int start_ply = state->ply();
  while (!state->is_terminal() &&
         (spec_.rollout_plies == 0 || state->ply() - start_ply < spec_.rollout_plies ||
          state->in_compound_move())) {
    state->apply_action(random_action(*state, rng_, rollout_actions_));
  }
  // 4. Backpropagation, each node credited from its mover's point of view.
  const double reward_p0 = outcome_for(*state, 0);
  for (int index : path) {
    Node& node = nodes_[index];
    ++node.visits;
    node.reward += node.mover == 0 ? reward_p0 : 1.0 - reward_p0;
  }
}

Move UctPlayer::choose_move(const State& state) {
  me_ = state.current_player();
  nodes_.clear();
  nodes_.emplace_back();
  int root = 0;
  std::unique_ptr<State> current = state.clone();
  MoveClock clock(spec_.time_ms);
  Move move;
  do {
    // Top the (possibly reused) subtree up to N playouts, or until the
    // decision's share of the move's time is up (ms=T). A reused node may
    // have its visits but no children yet.
    clock.start_decision(*current);
    while ((nodes_[root].visits < spec_.playouts && !clock.decision_over()) ||
           nodes_[root].children.empty()) {
      playout(root, *current);
    }
    // The most visited decision; ties to the higher mean reward.
    const Node& node = nodes_[root];
    int best = node.children.front();
    for (int c : node.children) {
      const Node& a = nodes_[c];
      const Node& b = nodes_[best];
      if (a.visits > b.visits ||
          (a.visits == b.visits && a.reward / a.visits > b.reward / b.visits)) {
        best = c;
      }
    }
    move.push_back(nodes_[best].action);
    current->apply_action(nodes_[best].action);
    root = best;
  } while (current->in_compound_move());
  return move;
}

}  // namespace inchzero
