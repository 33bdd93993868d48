#include "core/games/inchworm/analysis.h"

#include <algorithm>

#include "core/games/inchworm/captures.h"

namespace inchzero::inchworm {
namespace {

// Split `cells` into its orthogonally connected components.
std::vector<Bits> components(Bits cells, const Geometry& geo) {
  std::vector<Bits> out;
  while (cells.any()) {
    Bits part = geo.flood(Bits::single(cells.lowest()), cells);
    out.push_back(part);
    cells = cells.minus(part);
  }
  return out;
}

bool opposite_edges(uint8_t edges) {
  return ((edges & kEdgeWest) && (edges & kEdgeEast)) ||
         ((edges & kEdgeSouth) && (edges & kEdgeNorth));
}

}  // namespace

std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo) {
  return components(pos.stacks(player), geo);
}

int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo) {
  const Bits eyes = eye_cells(pos, player, geo, /*eye_max_size=*/0);
  const Bits touching = geo.orth_spread(group) & eyes;
  if (touching.none()) return 0;
  // Distinct eye regions among the touched squares: flood each within `eyes`.
  int count = 0;
  Bits left = touching;
  while (left.any()) {
    left = left.minus(geo.flood(Bits::single(left.lowest()), eyes));
    ++count;
  }
  return count;
}

uint8_t edges_touched(const Bits& group, const Geometry& geo) {
  uint8_t edges = 0;
  for_each_cell(group, [&](int c) { edges |= geo.edges_of(c); });
  return edges;
}

Formations find_formations(const Position& pos, int player, const Geometry& geo) {
  Formations f;
  for (const Bits& group : groups_of(pos, player, geo)) {
    const uint8_t edges = edges_touched(group, geo);
    f.wall |= opposite_edges(edges);
    f.multi_edge |= __builtin_popcount(edges) > 1;
    if (!f.two_eyed) f.two_eyed = eyes_of_group(pos, player, group, geo) >= 2;
  }
  return f;
}

}  // namespace inchzero::inchworm
