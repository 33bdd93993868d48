// Move legality under the group limits (max_eyes_per_group,
// max_edges_per_group; RULINGS §1): the exact test of a finished move, and a
// pruning test that lets the search for legal distributions abandon a partial
// path as soon as no completion can be legal. Without the pruning a tall
// stack's distribution tree (every king path of its height) was searched
// leaf by leaf, which made games under these fixes up to 100x slower.
#pragma once

#include <cstdint>

#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/paths.h"
#include "core/games/inchworm/position.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

// Whether the full move of the side to move whose board effect gave `after`
// (its captures not yet resolved) is legal under the group limits: resolve
// its captures, then check every group of the mover.
bool limits_hold_after(Position after, const Geometry& geo, const Rules& rules);

// True when no completion of a distribution in progress can be legal: `pos`
// is the board so far (side to move = the distributing player), `last` the
// square named last and `pieces_left` (>= 1) the single stacks still to be
// placed, each a king step from the previous one on an empty square. Sound
// (true only when no completion is legal) but not complete; always false
// with enclosure_capture, where the argument below does not hold.
//
// Why it is sound: pieces are only added, so a group G of the mover only
// grows into a group G'. G' escapes the limits only by being captured, and a
// captured group has no empty neighbour, so every empty neighbour of G must
// be filled. An eye of G stays an eye of G' (its remaining squares are still
// bordered by the mover's stacks only, and those stacks keep a liberty, so
// none is captured) unless all its squares next to G are filled. Only
// squares the remaining path can reach — within `pieces_left` king steps of
// `last` through empty squares — can be filled.
bool limits_broken_for_good(const Position& pos, int last, int pieces_left, const Geometry& geo,
                            const Rules& rules);

// Calls visit(path, length) for every distribution completion that is legal
// under the group limits: path[depth..length) extends the partial path
// path[0..depth) from `from`, through squares of `free` (the empty squares
// of `pos`), and `pos` receives a single stack of the side to move on each
// square (restored on return). visit returns false to stop; the function
// returns false iff it was stopped.
template <class Visit>
bool for_each_legal_distribution(Position& pos, Bits& free, int from, int length, uint8_t* path,
                                 int depth, const Geometry& geo, const Rules& rules,
                                 Visit&& visit) {
  if (depth == length) return !limits_hold_after(pos, geo, rules) || visit(path, length);
  // 1. Prune: too few reachable squares for the rest of the path, or a group
  //    limit broken beyond repair.
  const int need = length - depth;
  if (need > 2 && reachable_at_least(geo, free, from, need) < need) return true;
  if (limits_broken_for_good(pos, from, need, geo, rules)) return true;
  // 2. Every next king step onto an empty square.
  const int me = pos.to_move();
  const uint8_t* nb = geo.king_neighbours(from);
  for (int i = 0, n = geo.num_king_neighbours(from); i < n; ++i) {
    const int y = nb[i];
    if (!free.test(y)) continue;
    free.reset(y);
    pos.set_stack(y, me, 1);
    path[depth] = static_cast<uint8_t>(y);
    const bool go_on =
        for_each_legal_distribution(pos, free, y, length, path, depth + 1, geo, rules, visit);
    pos.clear(y);
    free.set(y);
    if (!go_on) return false;
  }
  return true;
}

}  // namespace inchzero::inchworm
