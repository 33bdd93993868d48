// A player: anything that picks full moves — the baselines (random, greedy,
// UCT with random rollouts) and a network with search. Players are built from
// a spec string ("random", "greedy", "uct:1000", "net:runs/x/net.pt:sims=64",
// see player_spec.h) by a PlayerFactory that holds what all games share (a
// loaded network), and one Player per game holds what one game needs (its
// random generator, a search tree).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/game.h"

namespace inchzero {

class Player {
 public:
  virtual ~Player() = default;
  // The full move to play in `state`, which is not terminal and is at a move
  // boundary (not inside a compound move). Always returns a legal move of
  // `state`. Not thread-safe: one Player per game at a time.
  virtual Move choose_move(const State& state) = 0;
};

// Builds the players of one spec for many games (possibly on several threads).
class PlayerFactory {
 public:
  virtual ~PlayerFactory() = default;
  // A fresh player for one game; every random choice it makes derives from
  // `seed`, so the same seed replays the same game. Thread-safe.
  virtual std::unique_ptr<Player> make(uint64_t seed) const = 0;
  // The canonical spec this factory was built from ("uct:1000"), for reports.
  virtual std::string describe() const = 0;
};

}  // namespace inchzero
