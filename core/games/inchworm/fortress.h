// Fortresses under the rules in force: can a group ever be captured?
//
// analysis.h proves a two-eyed group uncapturable under the original capture
// rule only. The fixes change exactly that argument (issue 50): under
// `menke` pieces dropped into an eye are not captured while the group still
// has a liberty, so the eyes can be filled one after the other; under
// `enclosure_capture` eyes are no liberties at all; with `drop_prisoners` the
// opponent can fill an eye with the owner's own colour; `smaller_group_only`
// may keep intruders on the board. So a *fortress* here is a claim proved
// for one rule set:
//
//   no sequence of the opponent's moves captures the group, whatever the
//   owner plays elsewhere, as long as the owner leaves the group's stacks
//   and its eyes alone.
//
// Two provers, both sound (a "proven" answer is never wrong; when neither
// argument applies the answer is "not proven", which is what a rule designer
// must read as "this fix may break it"):
//
//  * prove_fortress: arguments on the position, for every rule option
//    (fortress.cpp states each one and why it holds):
//      - supply: capturing the group needs every square of its sealed eyes
//        occupied at once (each is a liberty of the group), one piece at
//        least per square; if the opponent owns fewer pieces in all (stock,
//        board, prisoners it can rescue, plus the owner's pieces outside the
//        group when it may drop them as prisoners), the group never loses
//        its last liberty. Holds under every option except
//        enclosure_capture, where eyes are no liberties.
//      - sealed eyes (analysis.h): two sealed eyes under the original capture
//        rule, also with mover_priority; with smaller_group_only when the
//        group outweighs everything the opponent could ever lose with it;
//        with drop_prisoners when the owner's colour the opponent could ever
//        hold does not fill all eyes but one.
//      - menke, a group that is all its owner has: under menke a group
//        falls only beside an opposing group without liberties, and when
//        the owner has no other piece (stock, board, prisoners the
//        opponent holds) such a group must fill a whole region the group
//        cuts off; if the opponent's pieces cannot cover the squares
//        beside the group and its smallest region, it never falls. A lone
//        tall stack on the edge of an open board is one (issue 50: the
//        passive waiter ends there under menke, passing for want of a
//        move, and no attacker can take it).
//      - the group limits: a group over max_eyes_per_group or
//        max_edges_per_group is no fortress at all: the owner may not make
//        a move that keeps it (only moves that break it are legal).
//  * search_capture: exhaustive search of the opponent's moves (the owner
//    passing), with the stocks as they stand, under the real rules core; a
//    capture line when there is one. Its cost grows with the opponent's
//    material, so it decides small positions: the tests use it to check
//    prove_fortress both ways, and the lab could fall back on it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/position.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

struct FortressProof {
  bool proven = false;  // the claim at the top of this file holds
  Bits group;           // the group judged
  std::string reason;   // the argument that proves it, or why none does
};

// Judge `group`, a group of `player` in `pos`, under `rules`.
FortressProof prove_fortress(const Position& pos, int player, const Bits& group,
                             const Geometry& geo, const Rules& rules);

// The first proven fortress among `player`'s groups that have at least two
// sealed eyes (the formations of analysis.h) and, under menke, the group
// that is all `player` has (the menke argument above needs no eye); when
// none is proven, the reason of the last one judged, or "no two-eyed group"
// (`proven` false).
FortressProof find_fortress(const Position& pos, int player, const Geometry& geo,
                            const Rules& rules);

// True when the opponent of `player` cannot reach the target score without
// capturing `group`: its score plus every piece of `player` outside the
// group (on the board, in stock, or already its prisoners) is short of the
// target, and no rule lets it score otherwise (enclosed_space_points scores
// a player's own captured eyes). False without a target. Pieces that are
// captured, rescued and dropped again can score twice, so this reads the
// material at hand; whether the owner must feed it (Rodeffer's argument) is
// what the siege attacker and the exact solver test.
bool target_needs_group(const Position& pos, int player, const Bits& group, const Rules& rules);

enum class CaptureSearchOutcome { kCaptured, kNeverCaptured, kUndecided };

struct CaptureSearch {
  CaptureSearchOutcome outcome = CaptureSearchOutcome::kUndecided;
  std::vector<std::string> line;  // the opponent's moves that capture (kCaptured)
  int64_t positions = 0;          // distinct positions visited
};

// Every sequence of moves of the opponent of `player` from `pos` (the
// owner passing after each), breadth first so that a capture line found is
// a shortest one, under `game`'s rules with the end conditions switched off
// (target, cap, repetition, no-capture limit: the question is capture, not
// the result). kUndecided once `max_positions` distinct positions were
// visited without a capture.
CaptureSearch search_capture(const InchwormGame& game, const Position& pos, int player,
                             const Bits& group, int64_t max_positions);

}  // namespace inchzero::inchworm
