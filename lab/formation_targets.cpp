#include "lab/formation_targets.h"

#include <algorithm>
#include <deque>
#include <limits>

#include "core/games/inchworm/analysis.h"

namespace inchzero::lab {
namespace {

using inchworm::Bits;
using inchworm::Geometry;
using inchworm::Position;

// Fewest empty squares to fill so that `me` connects edge `from` to edge `to`
// orthogonally (0-1 breadth-first search: own stacks cost 0, empty squares
// 1, opponent stacks are walls). kBlockedGap if impossible.
int edge_gap(const Position& pos, int me, const Geometry& geo, inchworm::Edge from,
             inchworm::Edge to) {
  const int n = geo.num_cells();
  std::vector<int> dist(n, std::numeric_limits<int>::max());
  std::deque<int> queue;
  auto cost = [&](int c) { return pos.owner(c) == me ? 0 : 1; };
  for (int c = 0; c < n; ++c) {
    if ((geo.edges_of(c) & from) && pos.owner(c) != 1 - me) {
      dist[c] = cost(c);
      cost(c) == 0 ? queue.push_front(c) : queue.push_back(c);
    }
  }
  int best = kBlockedGap;
  while (!queue.empty()) {
    const int c = queue.front();
    queue.pop_front();
    if (dist[c] >= best) continue;
    if (geo.edges_of(c) & to) best = dist[c];
    for (int i = 0; i < geo.num_orth_neighbours(c); ++i) {
      const int d = geo.orth_neighbours(c)[i];
      if (pos.owner(d) == 1 - me) continue;
      const int nd = dist[c] + cost(d);
      if (nd < dist[d]) {
        dist[d] = nd;
        cost(d) == 0 ? queue.push_front(d) : queue.push_back(d);
      }
    }
  }
  return best;
}

// Empty squares left in the full rank (or file) `line`, kBlockedGap if the
// opponent holds a square of it.
int line_gap(const Position& pos, int me, const Geometry& geo, bool rank, int line) {
  int gap = 0;
  const int length = rank ? geo.width() : geo.height();
  for (int i = 0; i < length; ++i) {
    const int c = rank ? geo.cell(i, line) : geo.cell(line, i);
    if (pos.owner(c) == 1 - me) return kBlockedGap;
    gap += pos.owner(c) == inchworm::kEmpty;
  }
  return gap;
}

// The nearest wall: an edge-to-edge route, or on a torus (no edges) two
// parallel full rings, which cut it into two regions, each an eye of both.
int wall_gap(const Position& pos, int me, const Geometry& geo) {
  int gap = kBlockedGap;
  if (geo.topology() != inchworm::Topology::kTorus) {
    gap = std::min(gap, edge_gap(pos, me, geo, inchworm::kEdgeSouth, inchworm::kEdgeNorth));
    if (geo.topology() == inchworm::Topology::kFlat) {
      gap = std::min(gap, edge_gap(pos, me, geo, inchworm::kEdgeWest, inchworm::kEdgeEast));
    }
    return gap;
  }
  for (bool rank : {true, false}) {
    const int lines = rank ? geo.height() : geo.width();
    for (int a = 0; a < lines; ++a) {
      const int b = (a + lines / 2) % lines;
      gap = std::min(gap, line_gap(pos, me, geo, rank, a) + line_gap(pos, me, geo, rank, b));
    }
  }
  return gap;
}

// Stones still missing from `t`, kBlockedGap when an eye square is occupied
// or the opponent holds one of its stone squares.
int target_gap(const Position& pos, int me, const FormationTarget& t) {
  if ((t.eyes & pos.occupied()).any() || (t.stones & pos.stacks(1 - me)).any()) {
    return kBlockedGap;
  }
  return t.stones.minus(pos.stacks(me)).count();
}

}  // namespace

std::vector<FormationTarget> two_eye_targets(const Geometry& geo) {
  std::vector<FormationTarget> out;
  if (geo.topology() != inchworm::Topology::kFlat || geo.width() < 3 || geo.height() < 3) {
    return out;
  }
  // Along each edge: i runs along it, j into the board (j = 0 on the edge).
  // The eyes are (k, 0) and (k + 2, 0); the stones close them on the edge,
  // (k − 1, 0), (k + 1, 0), (k + 3, 0) where they exist, and the row j = 1
  // from k − 1 to k + 3 joins them into one group.
  for (int edge = 0; edge < 4; ++edge) {
    const bool along_x = edge < 2;
    const int length = along_x ? geo.width() : geo.height();
    auto cell = [&](int i, int j) {
      const int into = edge % 2 == 0 ? j : (along_x ? geo.height() : geo.width()) - 1 - j;
      return along_x ? geo.cell(i, into) : geo.cell(into, i);
    };
    for (int k = 0; k + 2 < length; ++k) {
      FormationTarget t;
      t.eyes.set(cell(k, 0));
      t.eyes.set(cell(k + 2, 0));
      for (int i = std::max(k - 1, 0); i <= std::min(k + 3, length - 1); ++i) {
        t.stones.set(cell(i, 1));
        if (i % 2 != k % 2) t.stones.set(cell(i, 0));
      }
      out.push_back(t);
    }
  }
  return out;
}

int formation_gap(const inchworm::InchwormState& s, int me,
                  const std::vector<FormationTarget>& targets) {
  const Position& pos = s.position();
  const Geometry& geo = s.geometry();
  if (inchworm::find_formations(pos, me, geo).uncapturable()) return 0;
  const int walls = wall_gap(pos, me, geo);
  // Two full rings on a torus are the builder's finished target there.
  if (geo.topology() == inchworm::Topology::kTorus && walls == 0) return 0;
  int gap = std::min(kBlockedGap, walls + 1);
  for (const FormationTarget& t : targets) gap = std::min(gap, target_gap(pos, me, t));
  return gap;
}

}  // namespace inchzero::lab
