// Position analysis: detectors of the formations behind the drawing strategy
// of Rodeffer's Inchworm (seed 001, "Drawing Strategy"), used by the
// rule-variant lab (lab/game_metrics.h, lab/wall_player.h).
//
// When an empty region is an eye the opponent can never fill or enter
// (under the original rules: drops go onto any empty square, distributions
// take king steps through empty squares and may pass diagonally between two
// occupied squares, captures are orthogonal; RULINGS §1). A *sealed eye* of a
// group G of player p is an empty region R (orthogonally connected) with
//  (a) every square king-adjacent to R and outside it a stack of G itself
//      (off-board is fine), and
//  (b) every square of R orthogonally adjacent to G (a liberty of G).
// Why (a): no distribution can enter R (its path would have to step from a
// square king-adjacent to R, and those all hold G's stacks), nor can a
// collect line cross into it, so the opponent puts pieces into R only by
// drops, one square per move, or by distributing a stack it dropped inside R,
// which stays inside R; and G's stones cannot be captured apart from each
// other, as stones of several groups around an eye can (a lone stone between
// two "eyes" dies when its other neighbours are filled). Why (b): in a larger
// region the opponent fills G's liberties in it while its own pieces keep a
// liberty deeper inside (a wall across the board is captured by drops on its
// two sides: analysis_test.cpp).
// Then G with two sealed eyes can never be captured: a move changes the
// squares of at most one sealed eye; when it fills an eye's last empty square
// the opponent's pieces there have no liberty (their orthogonal neighbours
// are G's stones or that eye), while G keeps a liberty in its other eye, so
// only the intruders are captured and the eye is empty again. This holds
// while p itself leaves G's stacks and eyes alone (whether p can afford to,
// without stock, is seed 000's "Strategy"), and not with drop_prisoners: the
// opponent could drop p's own colour into the eyes.
// What other rule options do to the argument, and the proofs that hold
// under them, is core/games/inchworm/fortress.h.
// It is a sufficient condition, not an exact one: some groups whose eyes are
// open diagonally (only through squares that no single path can join) live
// as well, but are not reported.
//
// Formations (groups on orthogonal adjacency, all following the topology):
//  * two-eyed group: a group with at least two sealed eyes;
//  * wall: a group touching two OPPOSITE board edges (west+east or
//    south+north); a cylinder only has south/north, a torus has none. The
//    seed calls it impenetrable, but drops go anywhere, so a wall is only
//    uncapturable when it is also a two-eyed group (e.g. across a board three
//    squares high, or with a sealed one-square eye beside a rank-1 eye);
//  * multi-edge group: a group touching more than one distinct board edge.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/games/inchworm/position.h"

namespace inchzero::inchworm {

// Which formations `player` has in `pos`.
struct Formations {
  bool two_eyed = false;    // some group has >= 2 sealed eyes
  bool wall = false;        // some group touches two opposite edges
  bool multi_edge = false;  // some group touches > 1 edge
  Bits stones;              // the groups with >= 2 sealed eyes
  Bits eyes;                // their sealed eyes' squares
  // The formations that the original rules can never capture (see the top of
  // this file): a two-eyed group; a wall only as one of those.
  bool uncapturable() const { return two_eyed; }
};

// Every group of `player` in `pos`, each as its set of squares.
std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo);

// The squares of the sealed eyes (top of this file) of `group`, a group of
// `player` in `pos`.
Bits sealed_eyes(const Position& pos, int player, const Bits& group, const Geometry& geo);

// The sealed eyes of `group`, one region each.
std::vector<Bits> sealed_eye_regions(const Position& pos, int player, const Bits& group,
                                     const Geometry& geo);

// Number of distinct sealed eyes of `group` of `player`.
int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo);

// The Edge bits (geometry.h) that `group` touches.
uint8_t edges_touched(const Bits& group, const Geometry& geo);

// The formations of `player` in `pos` (see the top of this file).
Formations find_formations(const Position& pos, int player, const Geometry& geo);

}  // namespace inchzero::inchworm
