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

// The sealed eyes of `group` (top of analysis.h) among `candidates`, the
// player's eye_cells (a sealed eye is bordered by the player's stacks only,
// so it is one of those regions); `count` receives how many, and `regions`,
// when given, each of them. Condition (b) is tested first: it is one bit
// operation and rejects the large regions (a wall's halves) before the
// per-square king neighbourhood of (a).
Bits sealed_among(const Bits& group, const Bits& candidates, const Geometry& geo, int& count,
                  std::vector<Bits>* regions = nullptr) {
  const Bits liberties = geo.orth_spread(group);
  Bits sealed;
  count = 0;
  for (Bits left = liberties & candidates; left.any();) {
    const Bits region = geo.flood(Bits::single(left.lowest()), candidates);
    left = left.minus(region);
    if (region.minus(liberties).any()) continue;
    Bits around;
    for_each_cell(region, [&](int c) { around |= geo.king_mask(c); });
    if (around.minus(region).minus(group).none()) {
      sealed |= region;
      ++count;
      if (regions) regions->push_back(region);
    }
  }
  return sealed;
}

}  // namespace

std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo) {
  return components(pos.stacks(player), geo);
}

Bits sealed_eyes(const Position& pos, int player, const Bits& group, const Geometry& geo) {
  int count = 0;
  return sealed_among(group, eye_cells(pos, player, geo, /*eye_max_size=*/0), geo, count);
}

std::vector<Bits> sealed_eye_regions(const Position& pos, int player, const Bits& group,
                                     const Geometry& geo) {
  int count = 0;
  std::vector<Bits> regions;
  sealed_among(group, eye_cells(pos, player, geo, /*eye_max_size=*/0), geo, count, &regions);
  return regions;
}

int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo) {
  int count = 0;
  sealed_among(group, eye_cells(pos, player, geo, /*eye_max_size=*/0), geo, count);
  return count;
}

uint8_t edges_touched(const Bits& group, const Geometry& geo) {
  uint8_t edges = 0;
  for_each_cell(group, [&](int c) { edges |= geo.edges_of(c); });
  return edges;
}

Formations find_formations(const Position& pos, int player, const Geometry& geo) {
  Formations f;
  // One eye map for all groups: it is the costly part (two floods).
  const Bits candidates = eye_cells(pos, player, geo, /*eye_max_size=*/0);
  for (const Bits& group : groups_of(pos, player, geo)) {
    const uint8_t edges = edges_touched(group, geo);
    f.wall |= opposite_edges(edges);
    f.multi_edge |= __builtin_popcount(edges) > 1;
    if (candidates.none()) continue;
    int count = 0;
    const Bits sealed = sealed_among(group, candidates, geo, count);
    if (count >= 2) {
      f.two_eyed = true;
      f.stones |= group;
      f.eyes |= sealed;
    }
  }
  return f;
}

}  // namespace inchzero::inchworm
