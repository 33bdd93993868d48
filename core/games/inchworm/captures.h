// Groups, liberties, eyes and capture resolution (RULINGS §1 "Captures" and
// every fix that changes them), plus the group limits that make moves illegal
// (max_eyes_per_group, max_edges_per_group).
//
// Definitions (docs/rules/inchworm.md):
//  * group: maximal orthogonally connected set of stacks of one colour;
//  * liberty: an empty square orthogonally adjacent to the group — with
//    enclosure_capture, squares of the group's own eyes are not liberties;
//  * eye of colour p: a maximal orthogonally connected region of empty squares
//    whose orthogonal neighbours include a stack and are all stacks of p
//    (only regions of at most eye_max_size squares when that is > 0). A group
//    has every eye orthogonally adjacent to it.
#pragma once

#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/position.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

struct CaptureResult {
  Bits removed[2];         // squares of the captured stacks, by colour
  int pieces[2] = {0, 0};  // pieces of each colour captured
  bool any() const { return removed[0].any() || removed[1].any(); }
};

// Resolve captures on `pos` right after a move (any move, pass included) of
// `mover`: decides which groups are captured under the rules (simultaneous,
// both colours, menke / smaller_group_only / mover_priority / enclosure
// fixes), removes them and credits scores, prisoners and enclosed-space
// points. Returns what was captured.
CaptureResult resolve_captures(Position& pos, int mover, const Geometry& geo, const Rules& rules);

// Squares that count as liberties for `player`'s groups: every empty square,
// without its own eyes under enclosure_capture (the definition above).
Bits liberty_cells(const Position& pos, int player, const Geometry& geo, const Rules& rules);

// Union of the eye regions of `player` (eye definition above; eye_max_size
// 0 = unlimited).
Bits eye_cells(const Position& pos, int player, const Geometry& geo, int eye_max_size);

// The squares of player's groups that have no liberties, where `liberties`
// is the set of squares that count as liberties for this colour.
Bits groups_without_liberties(const Bits& own, const Bits& liberties, const Geometry& geo);

// Number of orthogonally connected regions of `cells` that contain a square
// of `touching` (a subset of `cells`); counting stops once it exceeds
// `enough`, which is enough to compare it with a limit.
int count_regions(Bits touching, const Bits& cells, const Geometry& geo, int enough);

// The stacks of `own` whose group touches more than `max_edges` board edges
// (empty when none does, and when max_edges is 0: the limit is off). Why not group by group: one
// flood from each edge finds every group on it at once, four floods in all, where walking the
// groups floods each of them; under max_edges_per_group this test runs on
// every rollout decision and was the rules core's largest cost.
Bits groups_over_edge_limit(const Bits& own, const Geometry& geo, int max_edges);

// groups_over_edge_limit of `own` (which includes the stack on `added`),
// given `over`, that of `own` without it. Why it is exact: only the groups
// next to `added` change, merging into its group, which touches every edge
// they touched; so the other groups keep their answer and the merged group
// is over exactly when it touches too many edges itself. One flood instead
// of one from each edge: the group-limit search adds one stack per node.
Bits groups_over_edge_limit_after_adding(const Bits& over, const Bits& own, int added,
                                         const Geometry& geo, int max_edges);

// True when every group of `player` has at most max_eyes_per_group eyes and
// touches at most max_edges_per_group board edges (each limit only when on).
bool groups_within_limits(const Position& pos, int player, const Geometry& geo, const Rules& rules);

}  // namespace inchzero::inchworm
