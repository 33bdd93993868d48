// Position analysis: detectors of the formations behind the drawing strategy
// of Rodeffer's Inchworm (seed 001, "Drawing Strategy"), used by the
// rule-variant lab (lab/game_metrics.h, lab/wall_player.h).
//
// Formations (all judged on orthogonal adjacency, following the topology):
//  * two-eyed group: a group orthogonally adjacent to at least two distinct
//    eyes, eyes as RULINGS §1 defines them (unlimited size here: the lab asks
//    about the formation, not about one rule set's eye_max_size);
//  * wall: a group touching two OPPOSITE board edges (west+east or
//    south+north); a cylinder only has south/north, a torus has none;
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
  bool two_eyed = false;    // some group has >= 2 eyes
  bool wall = false;        // some group touches two opposite edges
  bool multi_edge = false;  // some group touches > 1 edge
  // The formations the seed calls impenetrable under the original rules.
  bool uncapturable() const { return two_eyed || wall; }
};

// Every group of `player` in `pos`, each as its set of squares.
std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo);

// Number of distinct eyes (eye_max_size 0 = unlimited) adjacent to `group`
// of `player`.
int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo);

// The Edge bits (geometry.h) that `group` touches.
uint8_t edges_touched(const Bits& group, const Geometry& geo);

// The formations of `player` in `pos` (see the top of this file).
Formations find_formations(const Position& pos, int player, const Geometry& geo);

}  // namespace inchzero::inchworm
