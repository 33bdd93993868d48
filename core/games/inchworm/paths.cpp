#include "core/games/inchworm/paths.h"

namespace inchzero::inchworm {
namespace {}  // namespace

int reachable_at_least(const Geometry& geo, const Bits& free, int from, int enough) {
  Bits seen = geo.king_mask(from) & free, frontier = seen;
  int count = seen.count();
  while (count < enough && frontier.any()) {
    Bits next;
    for_each_cell(frontier, [&](int c) { next |= geo.king_mask(c); });
    next = (next & free).minus(seen);
    seen |= next;
    count += next.count();
    frontier = next;
  }
  return count;
}

namespace {

bool search(const Geometry& geo, Bits& free, int from, int need) {
  if (need == 0) return true;
  // A path of `need` squares needs at least that many reachable squares;
  // checked only when it can prune (short paths are found directly).
  if (need > 2 && reachable_at_least(geo, free, from, need) < need) return false;
  const uint8_t* nb = geo.king_neighbours(from);
  for (int i = 0, n = geo.num_king_neighbours(from); i < n; ++i) {
    const int y = nb[i];
    if (!free.test(y)) continue;
    free.reset(y);
    const bool found = search(geo, free, y, need - 1);
    free.set(y);
    if (found) return true;
  }
  return false;
}

}  // namespace

bool king_path_exists(const Geometry& geo, Bits free, int from, int length) {
  if (length <= 0) return true;
  if (length == 1) return geo.king_mask(from).intersects(free);
  return search(geo, free, from, length);
}

}  // namespace inchzero::inchworm
