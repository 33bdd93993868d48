// The wall-builder (issue 5): a scripted Inchworm player whose only aim is
// not to lose. It builds a formation that the original rules cannot capture
// (seed 001, "Drawing Strategy"): an edge-to-edge wall of orthogonally
// connected stacks, or on a torus (no edges) two full rings, which are
// groups with two eyes — and from then on plays only moves after which its
// groups stay safe, as far as the rules let it.
//
// Each move, in steps:
//  1. simulate every legal full move (sample_legal_moves, core/move_sample.h:
//     a tall stack's distributions are a random sample of 64, since their
//     paths can outnumber memory); a move that wins at once is played,
//     one that loses at once is avoided;
//  2. rank the rest by (a) the formation gap after it — 0 when an
//     uncapturable formation stands (core/games/inchworm/analysis.h), else
//     the fewest empty squares still to fill to complete one — (b) own
//     pieces lost by the move, (c) fewer own groups short of liberties,
//     then a seeded random tie-break;
//  3. take the best ranked move after which the opponent has no reply that
//     captures any of its pieces (checked with the rules core; only done
//     when some own group has few enough liberties for one reply to fill
//     them all); if none of the best kMaxSafetyChecks is safe, the best
//     ranked move.
// It plays only the `inchworm` game; the factory refuses others.
#pragma once

#include <memory>
#include <random>

#include "core/game.h"
#include "selfplay/players/player.h"

namespace inchzero {

class WallPlayer : public Player {
 public:
  explicit WallPlayer(uint64_t seed) : rng_(seed) {}
  // `state` must be an Inchworm state at a move boundary, not terminal.
  Move choose_move(const State& state) override;

 private:
  std::mt19937_64 rng_;
};

class WallPlayerFactory : public PlayerFactory {
 public:
  // Throws GameError unless `game` is Inchworm.
  explicit WallPlayerFactory(const Game& game);
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<WallPlayer>(seed);
  }
  std::string describe() const override { return "wall"; }
};

}  // namespace inchzero
