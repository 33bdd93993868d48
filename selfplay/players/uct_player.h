// UCT with random rollouts (Kocsis & Szepesvári 2006), the classical
// network-free baseline (AlphaZero.jl benchmarks against MCTS with 1000
// rollouts).
//
// It searches over DECISIONS, not full moves: full moves can be very many
// (every Inchworm distribution path is one), decisions are few. Each decision
// of the move to play is searched until its root has N playouts, reusing the
// subtree of the previous decision, so a move of k decisions costs between N
// and k·N playouts. Rewards are 1 / ½ / 0 for win / draw / loss from the
// point of view of the player who takes the decision into a node (inside a
// compound move that is the same player, so nothing flips there). Rollouts
// are uniform random decisions to the end of the game, or, with
// rollout_plies = M > 0, for at most M plies, then scored by State::points.
// A draw is worth `draw_value` to the player the search moves for (½ by
// default) and 1 − draw_value to the other, so the search stays zero-sum:
// with draw_value 1 (the lab's draw-seeker, lab/draw_seeker.h) it counts a
// draw as a win and assumes an opponent that counts it as a loss.
// With `ms=T` the move's decisions also stop when their share of T ms is
// up (move_clock.h); N is then a cap.
#pragma once

#include <random>
#include <vector>

#include "selfplay/players/player.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {

class UctPlayer : public Player {
 public:
  // `draw_value` in [0, 1]: a draw's reward for the player to move at
  // choose_move (the other gets 1 − draw_value).
  UctPlayer(const PlayerSpec& spec, uint64_t seed, double draw_value = 0.5)
      : spec_(spec), rng_(seed), draw_value_(draw_value) {}
  Move choose_move(const State& state) override;

 private:
  struct Node {
    Action action = -1;  // the decision leading here
    int mover = 0;       // the player who took it
    int visits = 0;
    double reward = 0;            // summed rewards for `mover`
    bool initialised = false;     // `untried` filled from the state
    std::vector<Action> untried;  // decisions not yet expanded, shuffled
    std::vector<int> children;    // indices into nodes_
  };

  // One playout from nodes_[root] whose position is `root_state`.
  void playout(int root, const State& root_state);
  // Reward in [0, 1] for `player` of a rollout that ended in `state`.
  double outcome_for(const State& state, int player) const;
  int select_child(const Node& node) const;

  PlayerSpec spec_;
  std::mt19937_64 rng_;
  double draw_value_;
  int me_ = 0;  // the player the search moves for
  std::vector<Node> nodes_;
  std::vector<Action> rollout_actions_;  // random_action's scratch
  std::unique_ptr<State> scratch_;       // a playout's state, reused
};

class UctPlayerFactory : public PlayerFactory {
 public:
  // `draw_value` as UctPlayer's.
  explicit UctPlayerFactory(PlayerSpec spec, double draw_value = 0.5)
      : spec_(std::move(spec)), draw_value_(draw_value) {}
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<UctPlayer>(spec_, seed, draw_value_);
  }
  std::string describe() const override { return spec_.to_string(); }

 private:
  PlayerSpec spec_;
  double draw_value_;
};

}  // namespace inchzero
