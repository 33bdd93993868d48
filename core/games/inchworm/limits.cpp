#include "core/games/inchworm/limits.h"

#include <algorithm>
#include <atomic>

#include "core/games/inchworm/captures.h"

namespace inchzero::inchworm {
namespace {

// The empty squares a path of `steps` more king steps from `last` can reach.
Bits reachable_within(const Geometry& geo, const Bits& empty, int last, int steps) {
  Bits reach, frontier = Bits::single(last);
  for (int i = 0; i < steps && frontier.any(); ++i) {
    Bits next;
    for_each_cell(frontier, [&](int c) { next |= geo.king_mask(c); });
    next = (next & empty).minus(reach);
    reach |= next;
    frontier = next;
  }
  return reach;
}

}  // namespace

bool limits_hold_after(Position after, const Geometry& geo, const Rules& rules) {
  const int me = after.to_move();
  // Captures only remove stacks, which never makes a group touch more edges:
  // under the edge limit alone, a move within it before its captures is
  // legal, and most moves are (this skips capture resolution for them).
  if (rules.max_eyes_per_group == 0 && groups_within_limits(after, me, geo, rules)) return true;
  resolve_captures(after, me, geo, rules);
  return groups_within_limits(after, me, geo, rules);
}

bool limits_broken_for_good(const Position& pos, int last, int pieces_left, const Geometry& geo,
                            const Rules& rules) {
  if (rules.enclosure_capture) return false;
  return limits_broken_for_good(
      pos, last, pieces_left,
      groups_over_edge_limit(pos.stacks(pos.to_move()), geo, rules.max_edges_per_group), geo,
      rules);
}

bool limits_broken_for_good(const Position& pos, int last, int pieces_left, const Bits& over_edges,
                            const Geometry& geo, const Rules& rules) {
  if (rules.enclosure_capture) return false;
  const int me = pos.to_move();
  const Bits own = pos.stacks(me);
  // 1. The groups over the edge limit (given), and a cheap global bound on
  //    eyes: nothing to do when no group touches too many edges and there
  //    are few eyes in all.
  Bits eyes;
  if (rules.max_eyes_per_group > 0) eyes = eye_cells(pos, me, geo, rules.eye_max_size);
  const bool check_eyes =
      rules.max_eyes_per_group > 0 &&
      count_regions(eyes, eyes, geo, rules.max_eyes_per_group) > rules.max_eyes_per_group;
  if (over_edges.none() && !check_eyes) return false;
  // 2. The squares the rest of the path can fill, computed when first needed.
  const Bits empty = geo.all_cells().minus(pos.occupied());
  Bits fillable;
  bool fillable_known = false;
  auto can_fill = [&](const Bits& cells) {
    if (!fillable_known) fillable = reachable_within(geo, empty, last, pieces_left);
    fillable_known = true;
    return cells.count() <= pieces_left && cells.minus(fillable).none();
  };
  // 3. Per group (only those over the edge limit when eyes are not limited):
  //    a broken limit that the remaining pieces cannot repair.
  int fill_costs[kMaxCells / 2 + 1];
  Bits rest = check_eyes ? own : over_edges;
  while (rest.any()) {
    const Bits group = geo.flood(Bits::single(rest.lowest()), own);
    rest = rest.minus(group);
    const Bits around = geo.orth_spread(group);
    // Edges: the group must be captured, so all its liberties filled.
    if (group.intersects(over_edges) && !can_fill(around & empty)) {
      return true;
    }
    if (!check_eyes) continue;
    // Eyes: at least (eyes - limit) of them must lose every square next to
    // the group; the cheapest ones must fit into the pieces left.
    int num_eyes = 0, removable = 0;
    for (Bits touching = around & eyes; touching.any(); ++num_eyes) {
      const Bits eye = geo.flood(Bits::single(touching.lowest()), eyes);
      touching = touching.minus(eye);
      const Bits next_to_group = around & eye;
      if (can_fill(next_to_group)) fill_costs[removable++] = next_to_group.count();
    }
    const int must_remove = num_eyes - rules.max_eyes_per_group;
    if (must_remove <= 0) continue;
    if (removable < must_remove) return true;
    std::partial_sort(fill_costs, fill_costs + must_remove, fill_costs + removable);
    int cost = 0;
    for (int i = 0; i < must_remove; ++i) cost += fill_costs[i];
    if (cost > pieces_left) return true;
  }
  return false;
}

namespace {
std::atomic<int64_t> g_completion_searches{0};
std::atomic<int64_t> g_unknown_completions{0};

// One bounded search for a legal completion in the given step order; on
// kFound `path` holds its `length` squares.
Completion search_completion(Position& pos, Bits& free, int from, int length, const Geometry& geo,
                             const Rules& rules, int64_t max_nodes, const detail::StepOrder& order,
                             uint8_t* path) {
  g_completion_searches.fetch_add(1, std::memory_order_relaxed);
  DeadEnds dead;
  auto stop_at_first = [](const uint8_t*, int) { return false; };
  switch (detail::walk_legal_distributions(pos, free, from, length, path, 0, nullptr, geo, rules,
                                           dead, max_nodes, order, stop_at_first)) {
    case detail::Walk::kStopped:
      return Completion::kFound;
    case detail::Walk::kOutOfNodes:
      g_unknown_completions.fetch_add(1, std::memory_order_relaxed);
      return Completion::kUnknown;
    default:
      return Completion::kNone;
  }
}

}  // namespace

Completion find_legal_distribution(Position& pos, Bits& free, int from, int length,
                                   const Geometry& geo, const Rules& rules, int64_t max_nodes,
                                   int* first_step) {
  uint8_t path[kMaxCells];
  const Completion found = search_completion(pos, free, from, length, geo, rules, max_nodes,
                                             detail::StepOrder{/*open_first=*/true}, path);
  if (found == Completion::kFound && first_step != nullptr) *first_step = path[0];
  return found;
}

Completion random_legal_distribution(Position& pos, Bits& free, int from, int length,
                                     const Geometry& geo, const Rules& rules, int64_t max_nodes,
                                     std::mt19937_64& rng, std::vector<int>& path) {
  uint8_t squares[kMaxCells];
  const Completion found = search_completion(pos, free, from, length, geo, rules, max_nodes,
                                             detail::StepOrder{false, &rng}, squares);
  if (found == Completion::kFound) path.assign(squares, squares + length);
  return found;
}

int64_t completion_searches() { return g_completion_searches.load(std::memory_order_relaxed); }
int64_t unknown_completions() { return g_unknown_completions.load(std::memory_order_relaxed); }

}  // namespace inchzero::inchworm
