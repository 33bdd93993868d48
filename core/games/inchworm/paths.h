// Distribution paths: self-avoiding king-step paths through empty squares.
// A distribution of a stack of height h is a path of h squares starting on
// the stack's own square; every later square must be empty before the move.
#pragma once

#include <cstdint>

#include "core/games/inchworm/geometry.h"

namespace inchzero::inchworm {

// True if a path of `length` further squares exists that starts with a king
// step from `from` and then keeps stepping, visiting only squares of `free`,
// each at most once (`from` itself is never revisited: it is not in `free`
// when it holds a stack). Exact (depth-first search pruned by the size of
// the reachable region), and fast in the usual case.
bool king_path_exists(const Geometry& geo, Bits free, int from, int length);

// Number of `free` squares reachable from `from` by king steps, counting
// stops as soon as `enough` are found (a bound that prunes path searches).
int reachable_at_least(const Geometry& geo, const Bits& free, int from, int enough);

// Calls visit(path, length) for every such path, path[0..length) being the
// further squares in order (not `from`). visit returns false to stop early;
// the function returns false iff it was stopped.
template <class Visit>
bool for_each_king_path(const Geometry& geo, Bits& free, int from, int length, uint8_t* path,
                        int depth, Visit&& visit) {
  if (depth == length) return visit(path, length);
  const int need = length - depth;
  if (need > 2 && reachable_at_least(geo, free, from, need) < need) return true;
  const uint8_t* nb = geo.king_neighbours(from);
  for (int i = 0, n = geo.num_king_neighbours(from); i < n; ++i) {
    const int y = nb[i];
    if (!free.test(y)) continue;
    free.reset(y);
    path[depth] = static_cast<uint8_t>(y);
    const bool go_on = for_each_king_path(geo, free, y, length, path, depth + 1, visit);
    free.set(y);
    if (!go_on) return false;
  }
  return true;
}

}  // namespace inchzero::inchworm
