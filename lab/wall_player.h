// The wall-builder (issues 5 and 18): a scripted Inchworm player whose only
// aim is not to lose. It builds a formation that the original rules cannot
// capture (seed 001, "Drawing Strategy"; lab/formation_targets.h): on flat
// boards a group with two one-square eyes along an edge, or an edge-to-edge
// wall of orthogonally connected stacks when that is clearly nearer; on a
// torus (no edges) two full rings. Once a group with two sealed eyes stands
// (the rules core's find_formations, core/games/inchworm/analysis.h, the
// lab's one definition of an uncapturable formation, checked after every
// candidate move), it only waits: it plays moves after which that group and
// its eyes are untouched, spending its stock only when nothing else keeps
// them.
// Why save the stock: passing is legal only when no other move is, so a
// builder hemmed in without stock must change its shape, and that can open
// it (docs/lab/README.md, "The wall-builder": a zugzwang line found by the
// fortress test's search against an earlier version).
//
// Each move, in steps:
//  1. simulate every legal full move (sample_legal_moves, core/move_sample.h:
//     a tall stack's distributions are a random sample of 64, since their
//     paths can outnumber memory); a move that wins at once is played,
//     one that loses at once is avoided;
//  2. rank the rest by (a) the formation gap after it (formation_gap: 0
//     when a sealed two-eyed group stands, else the fewest empty squares
//     still to fill to complete a formation), (b) own pieces lost by the
//     move; once a formation stands before the move, (c) its group's
//     squares still its own and its eyes empty, (c2) fewer pieces outside
//     its two-eyed groups, (d) no stock spent (a drop
//     onto an own stack is the last resort, a rescue or a move elsewhere
//     first); then (e) its tallest stack no higher than kMobileHeight (3)
//     or as little above it as can be, (f) fewer own groups short of
//     liberties and a seeded random tie-break;
//     Why (e): a stack of height h moves only by a distribution over h
//     empty squares, so the pieces of a tall stack are stuck once the
//     attacker stands around it, and a builder without stock has no other
//     moves. Without (e) the builder lost 30 of 32 games against `siege:2`
//     under the original rules, collecting its pieces into one stack (25
//     high in one game) whose forced distribution spread them to be
//     captured; with it, 14 of 32 (docs/lab/README.md, "The builder against
//     siege:2"). 3 is a first choice, not tuned.
//     Why (c2) (exposed_pieces: own pieces on the board outside the
//     two-eyed groups, the material an attacker can still capture): against `siege:3` under the original rules the builder
//     without it lost 29 of 32 games, and in 25 of them its proven group
//     still stood at the end: the attacker reached 60 by taking the
//     pieces the builder moved outside it, again and again after each
//     rescue (docs/lab/README.md, "The builder keeps its material in its
//     group").
//  3. take the best ranked move after which the opponent has no reply that
//     captures any of its pieces (checked with the rules core; only done
//     when some own group has few enough liberties for one reply to fill
//     them all); if none of the best kMaxSafetyChecks is safe, the best
//     ranked move.
// It plays only the `inchworm` game; the factory refuses others.
//
// The passive waiter (`waiter`, issue 50) is the same player with the other
// aim: it never completes a formation. Rank (a) becomes 1 for a move after
// which a group of its own with two sealed eyes stands (find_formations) or
// any group of its own is a proven fortress under the rules in force
// (find_fortress: under menke a lone stack that is all it has, issue 50's
// menke probe), 0 otherwise; it never "stands", so ranks (c) and (d) stay 0 and it spends
// its stock as freely as any other move. Everything else — the immediate
// win and loss, own pieces lost, groups in reach, the safety check against
// every reply — is the builder's. Why: it is the siege gate's first control
// (lab/strength_gate.h). It gives nothing away that a one-move search would
// see and holds no fortress, so an attacker that cannot beat it cannot
// attack at all, and its draws against the builder say nothing of the wall.
#pragma once

#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "core/game.h"
#include "lab/formation_targets.h"
#include "selfplay/players/player.h"

namespace inchzero {

// What the defender aims at: a fortress (the builder) or none (the waiter).
enum class DefenderAim { kBuild, kWait };

class WallPlayer : public Player {
 public:
  // `targets`: the two-eyed shapes of the game's board (two_eye_targets).
  WallPlayer(uint64_t seed, std::shared_ptr<const std::vector<lab::FormationTarget>> targets,
             DefenderAim aim = DefenderAim::kBuild)
      : rng_(seed), targets_(std::move(targets)), aim_(aim) {}
  // `state` must be an Inchworm state at a move boundary, not terminal.
  Move choose_move(const State& state) override;

 private:
  std::mt19937_64 rng_;
  std::shared_ptr<const std::vector<lab::FormationTarget>> targets_;
  DefenderAim aim_;
};

class WallPlayerFactory : public PlayerFactory {
 public:
  // Throws GameError unless `game` is Inchworm.
  explicit WallPlayerFactory(const Game& game, DefenderAim aim = DefenderAim::kBuild);
  std::unique_ptr<Player> make(uint64_t seed) const override {
    return std::make_unique<WallPlayer>(seed, targets_, aim_);
  }
  std::string describe() const override { return aim_ == DefenderAim::kBuild ? "wall" : "waiter"; }

 private:
  std::shared_ptr<const std::vector<lab::FormationTarget>> targets_;  // shared by its players
  DefenderAim aim_;
};

}  // namespace inchzero
