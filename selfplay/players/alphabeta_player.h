// The alpha-beta player (`ab:D[:ms=T]`): a plain minimax search with
// alpha-beta pruning over FULL moves, D moves deep, scoring the leaves by
// the game's own points (State::points: the mover's points minus the
// other's, as the greedy player does one move deep), a finished game as a
// win or loss (sooner wins, later losses, preferred) or 0 for a draw. With
// `ms=T` it deepens iteratively from depth 1 and plays the best move of the
// deepest search finished within T milliseconds (D is then the cap). Moves
// are ordered by their immediate value, the best first; the moves of a node
// are sample_legal_moves (core/move_sample.h), as for the greedy player.
// Equal best moves are broken uniformly at random (seeded). At every node
// below the root the killer move (the last move that cut at its ply) is
// tried before the node's moves are listed, so a node it refutes costs one
// child (siege:3 twice as fast, same values). No evaluation beyond points
// and no transposition table: a baseline, the rung above greedy.
#pragma once

#include <functional>
#include <random>
#include <string>

#include "selfplay/players/player.h"

namespace inchzero {

struct AlphaBetaSettings {
  int depth = 2;       // full moves
  double time_ms = 0;  // 0: no time limit (search exactly `depth`)
  // An evaluation that breaks ties between leaves of equal points: added to
  // the points of every unfinished leaf, for `player` (the searching side).
  // It must lie strictly between -0.5 and 0.5, so that a point always
  // outweighs it. Empty: none (plain `ab`). A game-specific one comes from
  // a layer above (lab/siege_player.h).
  std::function<double(const State& state, int player)> evaluation;
  // A finished draw scores below every unfinished position (and above a
  // loss) for the searching side instead of 0. Why: a siege attacker
  // (lab/siege_player.h) whose draw is the defender's success must not
  // repeat a position to save a point it is behind.
  bool draw_is_failure = false;
  std::string kind = "ab";  // describe()'s kind: the spec that made it
};

class AlphaBetaPlayer : public Player {
 public:
  AlphaBetaPlayer(AlphaBetaSettings settings, uint64_t seed) : settings_(settings), rng_(seed) {}
  Move choose_move(const State& state) override;

 private:
  AlphaBetaSettings settings_;
  std::mt19937_64 rng_;
};

class AlphaBetaPlayerFactory : public PlayerFactory {
 public:
  explicit AlphaBetaPlayerFactory(AlphaBetaSettings settings) : settings_(settings) {}
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<AlphaBetaPlayer>(settings_, seed);
  }
  std::string describe() const override;

 private:
  AlphaBetaSettings settings_;
};

}  // namespace inchzero
