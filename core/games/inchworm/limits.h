// Move legality under the group limits (max_eyes_per_group,
// max_edges_per_group; RULINGS §1): the exact test of a finished move, and a
// pruning test that lets the search for legal distributions abandon a partial
// path as soon as no completion can be legal. Without the pruning a tall
// stack's distribution tree (every king path of its height) was searched
// leaf by leaf, which made games under these fixes up to 100x slower.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "core/games/inchworm/captures.h"
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
// The same, given `over_edges`: the stacks of the mover's groups over the
// edge limit in `pos` (groups_over_edge_limit), which a search keeps up to
// date as its path grows (groups_over_edge_limit_after_adding) instead of
// flooding from every edge at every node.
bool limits_broken_for_good(const Position& pos, int last, int pieces_left, const Bits& over_edges,
                            const Geometry& geo, const Rules& rules);

// Partial distributions known to have no legal completion, keyed by the
// empty squares left and the square named last. Why that key suffices:
// within one search the board is the start position plus one single stack on
// every square filled so far, so (free, last) fixes everything a completion
// depends on. Without this memo a tall stack (20 or more pieces on 8 x 8)
// whose partial path cannot be completed legally was searched path by path,
// an exponential number of orderings of the same squares: a single decision
// of a self-play game under max_eyes_per_group took minutes.
class DeadEnds {
 public:
  bool contains(const Bits& free, int last) const {
    if (size_ == 0) return false;
    for (size_t i = slot_of(free, last);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.last < 0) return false;
      if (s.last == last && s.free == free) return true;
    }
  }
  void insert(const Bits& free, int last) {
    if (size_ >= kMaxEntries) return;
    if (2 * (size_ + 1) > slots_.size()) grow();
    if (place(free, last)) ++size_;
  }

 private:
  // Bounds the memory of one search (about 80 MB); beyond it the search
  // stays exact and only loses the memo's speed-up.
  static constexpr size_t kMaxEntries = size_t{1} << 20;
  // An open-addressing table (linear probing, at most half full), allocated
  // on the first insert. Why not std::unordered_set: most searches are a
  // few dozen nodes, and a node allocation per entry (plus the set's own)
  // was a tenth of the group-limit search's time in the siege gate's games.
  struct Slot {
    Bits free;
    int last = -1;  // -1: empty (a square is never negative)
  };
  size_t slot_of(const Bits& free, int last) const {
    uint64_t h = static_cast<uint64_t>(last) * 0x9E3779B97F4A7C15ull;
    for (uint64_t word : free.w) h = (h ^ word) * 0xBF58476D1CE4E5B9ull, h ^= h >> 31;
    return static_cast<size_t>(h) & mask_;
  }
  // Puts the key into its slot; false when it was there already.
  bool place(const Bits& free, int last) {
    for (size_t i = slot_of(free, last);; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.last < 0) {
        s.free = free;
        s.last = last;
        return true;
      }
      if (s.last == last && s.free == free) return false;
    }
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.last >= 0) place(s.free, s.last);
  }
  std::vector<Slot> slots_;
  size_t mask_ = 0, size_ = 0;
};

namespace detail {

// The order in which a search tries the next squares of a path: as the
// geometry lists them, the most open first (find_legal_distribution), or
// shuffled with `rng` (random_legal_distribution).
struct StepOrder {
  bool open_first = false;
  std::mt19937_64* rng = nullptr;
};

// What a search below one partial path did: stopped by visit or out of
// nodes, or finished having visited at least one legal completion, or
// finished with none.
enum class Walk { kStopped, kOutOfNodes, kVisited, kNone };

// The mover's stacks in groups over the edge limit at a node of the search:
// from its parent's (`parent_over`, the node's square `from` just added) or,
// at the top (nullptr), from scratch. Empty where limits_broken_for_good
// does not read it.
inline Bits node_over_edges(const Position& pos, int from, const Bits* parent_over,
                            const Geometry& geo, const Rules& rules) {
  if (rules.enclosure_capture || rules.max_edges_per_group <= 0) return Bits{};
  const Bits own = pos.stacks(pos.to_move());
  return parent_over == nullptr ? groups_over_edge_limit(own, geo, rules.max_edges_per_group)
                                : groups_over_edge_limit_after_adding(*parent_over, own, from, geo,
                                                                      rules.max_edges_per_group);
}

// `parent_over`: node_over_edges of the parent node, nullptr at the top.
template <class Visit>
Walk walk_legal_distributions(Position& pos, Bits& free, int from, int length, uint8_t* path,
                              int depth, const Bits* parent_over, const Geometry& geo,
                              const Rules& rules, DeadEnds& dead, int64_t& nodes_left,
                              const StepOrder& step_order, Visit& visit) {
  if (--nodes_left < 0) return Walk::kOutOfNodes;
  if (depth == length) {
    if (!limits_hold_after(pos, geo, rules)) return Walk::kNone;
    return visit(path, length) ? Walk::kVisited : Walk::kStopped;
  }
  // 1. Prune: too few reachable squares for the rest of the path, a group
  //    limit broken beyond repair, or a partial path already known to fail.
  const int need = length - depth;
  if (need > 2 && reachable_at_least(geo, free, from, need) < need) return Walk::kNone;
  if (dead.contains(free, from)) return Walk::kNone;
  const Bits over_edges = node_over_edges(pos, from, parent_over, geo, rules);
  if (limits_broken_for_good(pos, from, need, over_edges, geo, rules)) return Walk::kNone;
  // 2. Every next king step onto an empty square; with open_first, those
  //    with the most empty king neighbours first. Why: a path that keeps to
  //    open ground seldom encloses an eye or surrounds an opposing stack, so
  //    a legal completion, when there is one, is usually found in about
  //    `need` steps instead of after whole dead subtrees.
  Walk result = Walk::kNone;
  const int me = pos.to_move();
  const uint8_t* nb = geo.king_neighbours(from);
  const int n = geo.num_king_neighbours(from);
  uint8_t order[8];
  int count = 0;
  for (int i = 0; i < n; ++i)
    if (free.test(nb[i])) order[count++] = nb[i];
  if (step_order.rng != nullptr && count > 1) {
    std::shuffle(order, order + count, *step_order.rng);
  } else if (step_order.open_first && count > 1) {
    int openness[kMaxCells];
    for (int i = 0; i < count; ++i) openness[order[i]] = (geo.king_mask(order[i]) & free).count();
    std::sort(order, order + count,
              [&](uint8_t a, uint8_t b) { return openness[a] > openness[b]; });
  }
  for (int i = 0; i < count; ++i) {
    const int y = order[i];
    free.reset(y);
    pos.set_stack(y, me, 1);
    path[depth] = static_cast<uint8_t>(y);
    const Walk below = walk_legal_distributions(pos, free, y, length, path, depth + 1, &over_edges,
                                                geo, rules, dead, nodes_left, step_order, visit);
    pos.clear(y);
    free.set(y);
    if (below == Walk::kStopped || below == Walk::kOutOfNodes) return below;
    if (below == Walk::kVisited) result = Walk::kVisited;
  }
  // 3. Remember a failure, so that other orderings of the same squares
  //    ending on the same square are not searched again.
  if (result == Walk::kNone) dead.insert(free, from);
  return result;
}

}  // namespace detail

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
  DeadEnds dead;
  int64_t unlimited = INT64_MAX;
  return detail::walk_legal_distributions(pos, free, from, length, path, depth, nullptr, geo, rules,
                                          dead, unlimited, detail::StepOrder{},
                                          visit) != detail::Walk::kStopped;
}

// The answer of a bounded search for one legal completion of a distribution
// (arguments as above, with depth 0): found, none exists, or not known after
// `max_nodes` partial paths. When found and `first_step` is given, it
// receives the completion's first square after `from`.
enum class Completion { kFound, kNone, kUnknown };
Completion find_legal_distribution(Position& pos, Bits& free, int from, int length,
                                   const Geometry& geo, const Rules& rules, int64_t max_nodes,
                                   int* first_step = nullptr);

// One legal completion found by a bounded search that tries the next
// squares in an order shuffled with `rng`: on kFound `path` holds its
// `length` squares after `from`. Not uniform over the completions (a random
// depth-first search favours paths in small subtrees), but one search
// instead of one per decision: a search player samples many of them.
Completion random_legal_distribution(Position& pos, Bits& free, int from, int length,
                                     const Geometry& geo, const Rules& rules, int64_t max_nodes,
                                     std::mt19937_64& rng, std::vector<int>& path);

// How many searches of find_legal_distribution ran in this process, and how
// many of them ran out of nodes (for benchmarks and tests: how often the
// bound matters).
int64_t completion_searches();
int64_t unknown_completions();

}  // namespace inchzero::inchworm
