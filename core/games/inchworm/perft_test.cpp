// Perft regression values, checked two ways: hand-derived counts for the
// first plies of the empty board, and an independent brute-force reference
// (a deliberately naive move generator written from RULINGS §1 with plain
// vectors and scalar loops, sharing no code with the engine) on small boards.
#include "core/perft.h"

#include <gtest/gtest.h>

#include <functional>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::game;

// ---- The naive reference (plain rules: no fixes, no end conditions but
// stalemate; callers keep target/cap/repetition out of reach). ----
struct Naive {
  int w, h;
  bool wrap_x, wrap_y, drop_prisoners;
  std::vector<int> board;  // > 0 Red height, < 0 Blue height
  int stock[2], pris[2], score[2], side, passes;

  int at(int x, int y) const {
    if (wrap_x) x = (x + w) % w;
    if (wrap_y) y = (y + h) % h;
    if (x < 0 || y < 0 || x >= w || y >= h) return -1;
    return y * w + x;
  }
  int colour(int c) const { return board[c] > 0 ? 0 : board[c] < 0 ? 1 : -1; }
  int size(int c) const { return std::abs(board[c]); }
  std::vector<int> orth(int c) const {
    std::vector<int> out;
    const int x = c % w, y = c / w;
    for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
      if (at(x + dx, y + dy) >= 0) out.push_back(at(x + dx, y + dy));
    return out;
  }

  void captures() {
    std::vector<int> doomed;
    std::vector<bool> seen(board.size());
    for (size_t start = 0; start < board.size(); ++start) {
      if (seen[start] || board[start] == 0) continue;
      const int col = colour(start);
      std::vector<int> group{static_cast<int>(start)};
      seen[start] = true;
      bool liberty = false, enemy = false;
      for (size_t i = 0; i < group.size(); ++i)
        for (int n : orth(group[i])) {
          if (board[n] == 0)
            liberty = true;
          else if (colour(n) != col)
            enemy = true;
          else if (!seen[n])
            seen[n] = true, group.push_back(n);
        }
      if (!liberty && enemy) doomed.insert(doomed.end(), group.begin(), group.end());
    }
    for (int c : doomed) {
      const int taker = 1 - colour(c);
      score[taker] += size(c);
      pris[taker] += size(c);
    }
    for (int c : doomed) board[c] = 0;
  }

  void finish(bool pass) {
    captures();
    passes = pass ? passes + 1 : 0;
    side = 1 - side;
  }

  std::vector<Naive> children() const {
    std::vector<Naive> out;
    if (passes >= 2) return out;
    const int me = side, sign = me == 0 ? 1 : -1;
    const int n = w * h;
    for (int c = 0; c < n; ++c) {  // drops
      if (stock[me] > 0 && (board[c] == 0 || colour(c) == me)) {
        Naive k = *this;
        k.board[c] += sign;
        k.stock[me]--;
        k.finish(false);
        out.push_back(k);
      }
      if (drop_prisoners && pris[me] > 0 && board[c] == 0) {
        Naive k = *this;
        k.board[c] = -sign;
        k.pris[me]--;
        k.finish(false);
        out.push_back(k);
      }
    }
    const int dxs[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dys[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    for (int s = 0; s < n; ++s) {  // collects
      if (colour(s) != me) continue;
      for (int d = 0; d < 8; ++d) {
        std::vector<int> line{s};
        while (true) {
          const int last = line.back();
          const int next = at(last % w + dxs[d], last / w + dys[d]);
          if (next < 0 || next == s || colour(next) != me) break;
          line.push_back(next);
          Naive k = *this;
          int total = 0;
          for (int c : line) total += k.size(c), k.board[c] = 0;
          k.board[next] = sign * total;
          k.finish(false);
          out.push_back(k);
        }
      }
    }
    for (int s = 0; s < n; ++s) {  // distributions, by brute-force path search
      if (colour(s) != me || size(s) < 2) continue;
      std::vector<int> path{s};
      std::function<void()> extend = [&]() {
        if (static_cast<int>(path.size()) == size(s)) {
          Naive k = *this;
          k.board[s] = 0;
          for (int c : path) k.board[c] = sign;
          k.finish(false);
          out.push_back(k);
          return;
        }
        const int last = path.back();
        for (int d = 0; d < 8; ++d) {
          const int next = at(last % w + dxs[d], last / w + dys[d]);
          if (next < 0 || board[next] != 0) continue;
          if (std::find(path.begin(), path.end(), next) != path.end()) continue;
          path.push_back(next);
          extend();
          path.pop_back();
        }
      };
      extend();
    }
    if (pris[1 - me] > 0) {  // rescue
      Naive k = *this;
      k.stock[me] += k.pris[1 - me];
      k.pris[1 - me] = 0;
      k.finish(false);
      out.push_back(k);
    }
    if (out.empty()) {
      Naive k = *this;
      k.finish(true);
      out.push_back(k);
    }
    return out;
  }

  uint64_t perft(int depth) const {
    if (depth == 0) return 1;
    uint64_t total = 0;
    for (const Naive& k : children()) total += k.perft(depth - 1);
    return total;
  }
};

// The reference position equal to an engine state.
Naive naive_of(const InchwormState& s) {
  const Geometry& g = s.geometry();
  Naive n{g.width(),
          g.height(),
          g.topology() != Topology::kFlat,
          g.topology() == Topology::kTorus,
          s.rules().drop_prisoners,
          std::vector<int>(g.num_cells()),
          {s.stock(0), s.stock(1)},
          {s.prisoners(0), s.prisoners(1)},
          {s.score(0), s.score(1)},
          s.to_move(),
          s.pass_streak()};
  for (int c = 0; c < g.num_cells(); ++c)
    n.board[c] = s.owner(c) == kRed ? s.height(c) : s.owner(c) == kBlue ? -s.height(c) : 0;
  return n;
}

const std::vector<std::string> kNoEnds = {"target_score=0", "max_plies=0", "repetition_draw=0"};

std::vector<std::string> with(std::vector<std::string> extra) {
  extra.insert(extra.end(), kNoEnds.begin(), kNoEnds.end());
  return extra;
}

TEST(Perft, EmptyBoardByHand) {
  auto s = game()->new_initial_state();
  // 64 drops; Blue may not drop on Red's stack: 63.
  EXPECT_EQ(perft(*s, 1), 64u);
  EXPECT_EQ(perft(*s, 2), 64u * 63);
  // Red: 62 empty squares + its own stack (one stack, so no collect).
  EXPECT_EQ(perft(*s, 3), 64u * 63 * 63);
  // Blue after Red stacked (64*63 lines): 62 empty + own = 63. After two Red
  // singles: 61 empty + own = 62, except the 8 lines where Red's two pieces
  // close a corner on Blue's piece (4 corners x 2 orders): Blue is captured,
  // 62 squares are empty and Blue may rescue, 63 moves.
  EXPECT_EQ(perft(*s, 4), 64u * 63 * 63 + (64u * 63 * 62 - 8) * 62 + 8 * 63);
}

// A regression row: recorded perft values (depth 1, 2, ...), each also
// recomputed by the naive reference.
struct RefCase {
  std::vector<std::string> overrides;
  std::string position;  // empty: the initial position
  std::vector<uint64_t> expected;
};

void PrintTo(const RefCase& c, std::ostream* os) {
  for (const auto& o : c.overrides) *os << o << " ";
  *os << "'" << c.position << "'";
}

class PerftReference : public ::testing::TestWithParam<RefCase> {};

TEST_P(PerftReference, MatchesNaiveReference) {
  auto g = game(with(GetParam().overrides));
  auto s = GetParam().position.empty() ? g->new_initial_state() : at(g, GetParam().position);
  const Naive n = naive_of(*s);
  for (size_t d = 1; d <= GetParam().expected.size(); ++d) {
    const uint64_t engine = perft(*s, static_cast<int>(d));
    EXPECT_EQ(engine, n.perft(static_cast<int>(d))) << "depth " << d;
    EXPECT_EQ(engine, GetParam().expected[d - 1]) << "depth " << d;
  }
}

const RefCase kRefCases[] = {
    // 3x3, 3 pieces each: 9, 9x8, 9x8x8 by hand, then captures begin.
    {{"width=3", "height=3", "stock=3"}, "", {9, 72, 576, 4112, 35440}},
    // Fewer lines at depth 4 than flat: no edges, so no two-piece corner
    // captures that give the captured side a rescue.
    {{"width=3", "height=3", "stock=3", "topology=cylinder"}, "", {9, 72, 576, 4104}},
    {{"width=3", "height=3", "stock=3", "topology=torus"}, "", {9, 72, 576, 4104}},
    {{"width=4", "height=3", "stock=2"}, "", {12, 132, 1452, 14660, 24800}},
    {{"width=4", "height=3"}, "B1,1,R2,1/R1,B3,1,R1/1,R1,B1,1 r 2,2 1,0 1,0", {16, 304, 5353}},
    {{"width=4", "height=4", "topology=torus"},
     "1,B1,R2,1/R1,B3,1,R1/1,R1,B1,1/R3,3 b 1,2 0,1 0,0",
     {23, 986, 30008}},
    {{"width=4", "height=4", "topology=cylinder", "drop_prisoners=true"},
     "1,B1,R2,1/R1,B3,1,R1/1,R1,B1,1/R3,3 r 0,2 2,1 0,0",
     {31, 887, 29361}},
    {{"width=5", "height=5"}, "5/1,R4,3/2,B3,2/5/R1,R1,R1,2 r 0,0 0,0 0,0", {114, 3345, 79664}},
};

INSTANTIATE_TEST_SUITE_P(SmallBoards, PerftReference, ::testing::ValuesIn(kRefCases));

}  // namespace
}  // namespace inchzero::inchworm
