#include "lab/wall_player.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <tuple>
#include <vector>

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/move_sample.h"

namespace inchzero {
namespace {

using inchworm::Bits;
using inchworm::Geometry;
using inchworm::InchwormState;
using inchworm::Position;

// Candidates whose safety is checked reply by reply before giving up.
constexpr int kMaxSafetyChecks = 12;
// Gap standing for "this route is blocked by the opponent".
constexpr int kBlocked = 1000;

// Fewest empty squares to fill so that `me` connects edge `from` to edge `to`
// orthogonally (0-1 breadth-first search: own stacks cost 0, empty squares
// 1, opponent stacks are walls). kBlocked if impossible.
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
  int best = kBlocked;
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

// Empty squares left in the full rank (or file) `line`, kBlocked if the
// opponent holds a square of it.
int line_gap(const Position& pos, int me, const Geometry& geo, bool rank, int line) {
  int gap = 0;
  const int length = rank ? geo.width() : geo.height();
  for (int i = 0; i < length; ++i) {
    const int c = rank ? geo.cell(i, line) : geo.cell(line, i);
    if (pos.owner(c) == 1 - me) return kBlocked;
    gap += pos.owner(c) == inchworm::kEmpty;
  }
  return gap;
}

// Empty squares still to fill before `me` stands in an uncapturable
// formation (0 when one stands).
int formation_gap(const InchwormState& s, int me) {
  const Position& pos = s.position();
  const Geometry& geo = s.geometry();
  if (inchworm::find_formations(pos, me, geo).uncapturable()) return 0;
  int gap = kBlocked;
  if (geo.topology() != inchworm::Topology::kTorus) {
    gap = std::min(gap, edge_gap(pos, me, geo, inchworm::kEdgeSouth, inchworm::kEdgeNorth));
    if (geo.topology() == inchworm::Topology::kFlat) {
      gap = std::min(gap, edge_gap(pos, me, geo, inchworm::kEdgeWest, inchworm::kEdgeEast));
    }
    return gap;
  }
  // Torus: two parallel full rings cut it into two regions, each an eye of
  // both rings.
  for (bool rank : {true, false}) {
    const int lines = rank ? geo.height() : geo.width();
    for (int a = 0; a < lines; ++a) {
      const int b = (a + lines / 2) % lines;
      gap = std::min(gap, line_gap(pos, me, geo, rank, a) + line_gap(pos, me, geo, rank, b));
    }
  }
  return gap;
}

// Own groups of `me` whose liberties (plain definition) one opponent move
// could fill: a drop fills one square, a distribution of height h fills h − 1.
int groups_in_reach(const InchwormState& s, int me) {
  const Position& pos = s.position();
  const Geometry& geo = s.geometry();
  int reach = 1;
  inchworm::for_each_cell(pos.stacks(1 - me),
                          [&](int c) { reach = std::max(reach, pos.height(c) - 1); });
  const Bits empty = geo.all_cells().minus(pos.occupied());
  int count = 0;
  for (const Bits& group : inchworm::groups_of(pos, me, geo)) {
    if ((geo.orth_spread(group) & empty).count() <= reach) ++count;
  }
  return count;
}

// True when no reply of the opponent in `s` captures a piece of `me` (among
// the replies of sample_legal_moves: a tall stack's distributions are
// sampled, so a rare capturing path can be missed).
bool safe_after(const InchwormState& s, int me, std::mt19937_64& rng) {
  if (s.is_terminal() || groups_in_reach(s, me) == 0) return true;
  for (const Move& reply : sample_legal_moves(s, kDefaultMovesPerFirstDecision, rng)) {
    std::unique_ptr<InchwormState> next = s.clone_state();
    next->apply_move(reply);
    if (next->last_captures().pieces[me] > 0) return false;
    if (next->is_terminal() && next->winner() == 1 - me) return false;
  }
  return true;
}

}  // namespace

WallPlayerFactory::WallPlayerFactory(const Game& game) {
  if (dynamic_cast<const inchworm::InchwormGame*>(&game) == nullptr) {
    throw GameError("the wall player plays only the 'inchworm' game, not '" + game.name() + "'");
  }
}

Move WallPlayer::choose_move(const State& state) {
  const auto& s = dynamic_cast<const InchwormState&>(state);
  const int me = s.to_move();
  const std::vector<Move> moves = sample_legal_moves(s, kDefaultMovesPerFirstDecision, rng_);
  // Step 1 and 2: simulate and rank every move.
  struct Candidate {
    std::tuple<int, int, int, uint64_t> rank;  // gap, pieces lost, groups in reach, tie-break
    size_t index;
    std::unique_ptr<InchwormState> after;
  };
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < moves.size(); ++i) {
    std::unique_ptr<InchwormState> after = s.clone_state();
    after->apply_move(moves[i]);
    if (after->is_terminal() && after->winner() == me) return moves[i];
    const bool loses = after->is_terminal() && after->winner() == 1 - me;
    const int gap = loses ? 2 * kBlocked : formation_gap(*after, me);
    candidates.push_back(
        {{gap, after->last_captures().pieces[me], groups_in_reach(*after, me), rng_()},
         i,
         std::move(after)});
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& a, const Candidate& b) { return a.rank < b.rank; });
  // Step 3: the best move that leaves no capturing reply.
  const int checks = std::min<int>(kMaxSafetyChecks, static_cast<int>(candidates.size()));
  for (int k = 0; k < checks; ++k) {
    if (safe_after(*candidates[k].after, me, rng_)) return moves[candidates[k].index];
  }
  return moves[candidates.front().index];
}

}  // namespace inchzero
