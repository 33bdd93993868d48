#include "core/games/inchworm/captures.h"

namespace inchzero::inchworm {
namespace {

Bits empty_cells(const Position& pos, const Geometry& geo) {
  return geo.all_cells().minus(pos.occupied());
}

// The groups of each colour that the rules capture on this position, before
// the both-colours fixes (smaller_group_only, mover_priority) are applied.
struct Verdict {
  Bits capturable[2];
};

Verdict judge(const Position& pos, const Geometry& geo, const Rules& rules) {
  Verdict v;
  Bits dead[2];
  for (int p = 0; p < 2; ++p)
    dead[p] = groups_without_liberties(pos.stacks(p), liberty_cells(pos, p, geo, rules), geo);
  for (int p = 0; p < 2; ++p) {
    if (dead[p].none()) continue;
    if (!rules.menke && !rules.enclosure_capture) {
      // Every empty square is a liberty, so a group without liberties touches
      // an opposing stack unless it is the whole board (its neighbours are
      // neither empty nor its own). This shortcut skips the per-group loop.
      if (dead[p] != geo.all_cells()) v.capturable[p] = dead[p];
      continue;
    }
    // Per group: RULINGS §1 rule 2 captures only a group that touches an
    // opposing stack (with enclosure_capture a group whose only empty
    // neighbours are its own eyes may touch none); menke further requires an
    // adjacent opposing group without liberties.
    Bits rest = dead[p];
    while (rest.any()) {
      Bits group = geo.flood(Bits::single(rest.lowest()), dead[p]);
      rest = rest.minus(group);
      const Bits neighbours = geo.orth_spread(group);
      const bool captured = rules.menke ? neighbours.intersects(dead[1 - p])
                                        : neighbours.intersects(pos.stacks(1 - p));
      if (captured) v.capturable[p] |= group;
    }
  }
  return v;
}

int pieces_in(const Position& pos, const Bits& cells) {
  int n = 0;
  for_each_cell(cells, [&](int c) { n += pos.height(c); });
  return n;
}

// Squares of the eyes of `player` adjacent to `groups` (enclosed_space_points).
int enclosed_space(const Position& pos, int player, const Bits& groups, const Geometry& geo,
                   const Rules& rules) {
  Bits eyes = eye_cells(pos, player, geo, rules.eye_max_size);
  return geo.flood(geo.orth_spread(groups) & eyes, eyes).count();
}

void remove_groups(Position& pos, int owner, const Bits& cells, CaptureResult& result) {
  if (cells.none()) return;
  const int pieces = pieces_in(pos, cells);
  for_each_cell(cells, [&](int c) { pos.clear(c); });
  const int taker = 1 - owner;
  pos.set_score(taker, pos.score(taker) + pieces);
  pos.set_prisoners(taker, pos.prisoners(taker) + pieces);
  result.removed[owner] |= cells;
  result.pieces[owner] += pieces;
}

}  // namespace

Bits liberty_cells(const Position& pos, int player, const Geometry& geo, const Rules& rules) {
  Bits empty = empty_cells(pos, geo);
  if (!rules.enclosure_capture) return empty;
  return empty.minus(eye_cells(pos, player, geo, rules.eye_max_size));
}

Bits eye_cells(const Position& pos, int player, const Geometry& geo, int eye_max_size) {
  if (pos.stacks(player).none()) return {};
  const Bits empty = empty_cells(pos, geo);
  // Regions touching an opposing stack are not eyes. Every other region
  // touches a stack of `player` (the board is connected and has one).
  const Bits touching_opponent = geo.flood(geo.orth_spread(pos.stacks(1 - player)) & empty, empty);
  const Bits candidates = empty.minus(touching_opponent);
  if (eye_max_size <= 0) return candidates;
  Bits eyes, rest = candidates;
  while (rest.any()) {
    Bits region = geo.flood(Bits::single(rest.lowest()), candidates);
    rest = rest.minus(region);
    if (region.count() <= eye_max_size) eyes |= region;
  }
  return eyes;
}

Bits groups_without_liberties(const Bits& own, const Bits& liberties, const Geometry& geo) {
  // Stacks next to a liberty are alive, and so is everything connected to
  // them; what remains belongs to groups without liberties.
  const Bits touching = own & geo.orth_spread(liberties);
  const Bits interior = own.minus(touching);
  if (interior.none()) return {};
  const Bits alive = geo.flood(geo.orth_spread(touching) & interior, interior);
  return interior.minus(alive);
}

CaptureResult resolve_captures(Position& pos, int mover, const Geometry& geo, const Rules& rules) {
  CaptureResult result;
  const int opponent = 1 - mover;
  // 1. Judge every group on the position right after the move.
  Verdict v = judge(pos, geo, rules);
  if (v.capturable[0].none() && v.capturable[1].none()) return result;
  const bool both = v.capturable[0].any() && v.capturable[1].any();
  // 2. mover_priority: the opponent's groups go first, then the mover's are
  //    judged again on the new position.
  if (both && rules.mover_priority) {
    int space = rules.enclosure_capture && rules.enclosed_space_points
                    ? enclosed_space(pos, opponent, v.capturable[opponent], geo, rules)
                    : 0;
    remove_groups(pos, opponent, v.capturable[opponent], result);
    pos.set_score(opponent, pos.score(opponent) + space);
    v = judge(pos, geo, rules);
    v.capturable[opponent] = Bits{};
  } else if (both && rules.smaller_group_only) {
    // 3. smaller_group_only: only the colour whose captured groups are
    //    smaller, by pieces or (smaller_group_measure: area) by the squares
    //    they occupy plus their eyes.
    int size[2];
    for (int p = 0; p < 2; ++p)
      size[p] = rules.smaller_group_by_area
                    ? v.capturable[p].count() + enclosed_space(pos, p, v.capturable[p], geo, rules)
                    : pieces_in(pos, v.capturable[p]);
    if (size[kRed] < size[kBlue]) v.capturable[kBlue] = Bits{};
    if (size[kBlue] < size[kRed]) v.capturable[kRed] = Bits{};
  }
  // 4. Remove (simultaneously: enclosed space is measured before removal).
  //    Eye points of a group its owner's own move captured only with
  //    enclosed_space_points_own_capture (RULINGS: false closes the farm of
  //    dropping one's own piece into one's own eye).
  int space[2] = {0, 0};
  if (rules.enclosure_capture && rules.enclosed_space_points)
    for (int p = 0; p < 2; ++p)
      if (v.capturable[p].any() && (p != mover || rules.enclosed_space_points_own_capture))
        space[p] = enclosed_space(pos, p, v.capturable[p], geo, rules);
  for (int p = 0; p < 2; ++p) {
    remove_groups(pos, p, v.capturable[p], result);
    if (space[p]) pos.set_score(p, pos.score(p) + space[p]);
  }
  return result;
}

Bits groups_over_edge_limit(const Bits& own, const Geometry& geo, int max_edges) {
  if (max_edges <= 0) return Bits{};  // max_edges_per_group 0: off
  // 1. The edges with a stack of `own`: when few enough, no group can touch
  //    too many (the common case, decided without a flood).
  Bits seeds[4];
  int edges = 0;
  for (Edge e : {kEdgeWest, kEdgeEast, kEdgeSouth, kEdgeNorth}) {
    seeds[edges] = own & geo.edge_cells(e);
    if (seeds[edges].any()) ++edges;
  }
  if (edges <= max_edges) return Bits{};
  // 2. The groups on each of those edges.
  Bits on_edge[4];
  for (int i = 0; i < edges; ++i) on_edge[i] = geo.flood(seeds[i], own);
  // 3. A stack lies in more than max_edges of those sets exactly when its
  //    group does: the cells common to some max_edges + 1 of them.
  Bits over;
  for (unsigned subset = 1; subset < (1u << edges); ++subset) {
    if (__builtin_popcount(subset) != max_edges + 1) continue;
    Bits common = own;
    for (int i = 0; i < edges; ++i)
      if (subset >> i & 1) common &= on_edge[i];
    over |= common;
  }
  return over;
}

Bits groups_over_edge_limit_after_adding(const Bits& over, const Bits& own, int added,
                                         const Geometry& geo, int max_edges) {
  if (max_edges <= 0) return Bits{};
  const Bits group = geo.flood(Bits::single(added), own);
  int edges = 0;
  for (Edge e : {kEdgeWest, kEdgeEast, kEdgeSouth, kEdgeNorth})
    edges += group.intersects(geo.edge_cells(e)) ? 1 : 0;
  return edges > max_edges ? over | group : over;
}

bool groups_within_limits(const Position& pos, int player, const Geometry& geo,
                          const Rules& rules) {
  const Bits own = pos.stacks(player);
  if (own.none()) return true;
  // 1. Edges, for all groups at once.
  if (groups_over_edge_limit(own, geo, rules.max_edges_per_group).any()) return false;
  if (rules.max_eyes_per_group == 0) return true;
  // 2. Eyes: a cheap global bound first (few enough eyes in all, then no
  //    group has too many), then group by group.
  const Bits eyes = eye_cells(pos, player, geo, rules.eye_max_size);
  if (count_regions(eyes, eyes, geo, rules.max_eyes_per_group) <= rules.max_eyes_per_group)
    return true;
  Bits rest = own;
  while (rest.any()) {
    const Bits group = geo.flood(Bits::single(rest.lowest()), own);
    rest = rest.minus(group);
    if (count_regions(geo.orth_spread(group) & eyes, eyes, geo, rules.max_eyes_per_group) >
        rules.max_eyes_per_group) {
      return false;
    }
  }
  return true;
}

int count_regions(Bits touching, const Bits& cells, const Geometry& geo, int enough) {
  int n = 0;
  while (touching.any() && n <= enough) {
    touching = touching.minus(geo.flood(Bits::single(touching.lowest()), cells));
    ++n;
  }
  return n;
}

}  // namespace inchzero::inchworm
