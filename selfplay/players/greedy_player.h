// The greedy player: plays the full move with the best immediate change of
// the mover's points (State::points; for Inchworm the score difference after
// the move and its captures), ties broken uniformly at random. A move that
// wins at once is preferred to everything, one that loses at once avoided;
// a drawing move counts as a points difference of 0. In games without points
// it is therefore "win if you can, do not lose at once, else random".
// The moves tried are sample_legal_moves (core/move_sample.h): all of them,
// except that a tall stack's distributions are a random sample of 64.
#pragma once

#include <random>

#include "selfplay/players/player.h"

namespace inchzero {

class GreedyPlayer : public Player {
 public:
  explicit GreedyPlayer(uint64_t seed) : rng_(seed) {}
  Move choose_move(const State& state) override;

 private:
  std::mt19937_64 rng_;
};

class GreedyPlayerFactory : public PlayerFactory {
 public:
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<GreedyPlayer>(seed);
  }
  std::string describe() const override { return "greedy"; }
};

// The greedy value of `after` (the position after a full move) for `mover`:
// ±1e9 for an immediate win/loss, 0 for a draw, else the points difference.
double greedy_value(const State& after, int mover);

}  // namespace inchzero
