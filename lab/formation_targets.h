// What the wall-builder (lab/wall_player.h) builds: the formations of seed
// 001's "Drawing Strategy" — a group with two eyes, or an edge-to-edge wall
// (on a torus, two full rings) — and how far a position is from one.
//
// The two-eyed shapes are fixed square sets along a flat board's edges: two
// one-square eyes on the edge, two squares apart, closed by six to eight
// stones (in a corner, eyes a1 and c1 with stones b1 d1 a2 b2 c2 d2). Why
// one-square eyes: an opponent piece dropped into one has no liberty and is
// captured at once (RULINGS §1, Captures), and no single move fills both
// (they are sealed eyes, core/games/inchworm/analysis.h: every square around
// them holds a stone of the group, so no distribution enters them), so
// under the original rules the group can never lose its last liberty —
// whereas a wall's liberties on both sides can be filled by drops when
// opponent pieces stand on both sides. Six stones in a corner are also
// fewer than the eight of a wall across 8 × 8.
#pragma once

#include <vector>

#include "core/games/inchworm/bitboard.h"
#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::lab {

// One two-eyed shape: the squares that must hold the builder's stacks and the
// (empty) eye squares they close.
struct FormationTarget {
  inchworm::Bits stones;
  inchworm::Bits eyes;
};

// Gap standing for "no formation can be completed this way".
constexpr int kBlockedGap = 1000;

// Every two-eyed shape along the edges of `geo` (corners and every offset
// along each edge); empty unless the topology is flat and both sides are at
// least 3 squares long.
std::vector<FormationTarget> two_eye_targets(const inchworm::Geometry& geo);

// Fewest empty squares `me` still has to fill in `s` to stand in an
// uncapturable formation: 0 when a group with two sealed eyes stands
// (core/games/inchworm/analysis.h's find_formations, the one definition of
// "standing") or, on a torus, two full rings do (the builder's target there,
// though the rules core does not call them uncapturable: their sides can be
// filled like a wall's); else the smaller of the
// nearest two-eyed target of `targets` and the nearest wall (orthogonal
// edge-to-edge route, or on a torus two opposite full rings) plus one, so
// that a wall is aimed at only when it is clearly nearer (see the top of
// this file; a finished flat wall counts 1: its sides can still be filled).
// kBlockedGap when the opponent blocks every way.
int formation_gap(const inchworm::InchwormState& s, int me,
                  const std::vector<FormationTarget>& targets);

}  // namespace inchzero::lab
