// The random player: a uniform random walk down the decision tree — each
// decision of the move is drawn uniformly from legal_actions(). This is the
// random player of OpenSpiel-style decision action spaces; it is not uniform
// over full moves (a game whose moves split into many decisions, such as an
// Inchworm distribution path, gives each first decision equal weight), and it
// is cheap: it never enumerates the full moves.
#pragma once

#include <random>
#include <vector>

#include "selfplay/players/player.h"

namespace inchzero {

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  Move choose_move(const State& state) override;

 private:
  std::mt19937_64 rng_;
  std::vector<Action> actions_;  // random_action's scratch
};

class RandomPlayerFactory : public PlayerFactory {
 public:
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<RandomPlayer>(seed);
  }
  std::string describe() const override { return "random"; }
};

// One uniformly random legal decision of `state` (not terminal). `actions` is
// scratch space, reused across calls so that a rollout of many decisions
// allocates nothing (UCT's rollouts spent a fifth of their time in malloc).
// State::random_legal_action: under Inchworm's move limits it draws without
// judging every decision.
Action random_action(const State& state, std::mt19937_64& rng, std::vector<Action>& actions);

}  // namespace inchzero
