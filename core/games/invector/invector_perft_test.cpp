// Perft counts of Invector, each justified by hand (or by an identity that
// ties two counts together). The interface checks (random playouts, round
// trips, hashing) run in the shared suite, tests/core/game_suite.cpp.
#include <gtest/gtest.h>

#include <random>

#include "core/games/invector/invector_test_util.h"
#include "core/perft.h"

namespace inchzero::invector {
namespace {

using testing::make;
using testing::start;

// Number of orthogonally adjacent pairs of squares on a w x h grid.
uint64_t adjacent_pairs(int w, int h) { return uint64_t((w - 1) * h + w * (h - 1)); }

TEST(InvectorPerft, DepthOneIsEveryAdjacentPair) {
  // The start is full and a checkerboard: every adjacent pair is Black-White
  // and there is no empty pit, so Black's moves are exactly the captures
  // along the adjacent pairs: 7*7 + 8*6 = 97 on 8 x 7, 4*4 + 5*3 = 31 on 5 x 4.
  for (auto [w, h] : std::vector<std::pair<int, int>>{{8, 7}, {5, 4}, {4, 3}, {3, 4}, {7, 6}}) {
    auto game = make({"width=" + std::to_string(w), "height=" + std::to_string(h)});
    EXPECT_EQ(perft(*start(*game), 1), adjacent_pairs(w, h)) << w << "x" << h;
  }
  EXPECT_EQ(adjacent_pairs(8, 7), 97u);
}

TEST(InvectorPerft, DepthTwoOnFiveByFour) {
  // After Black's capture s x t, White has
  //   captures: the 31 pairs minus those touching s or t, plus the pair s-t
  //             counted twice: 32 - deg(s) - deg(t) (t's neighbours are
  //             Black or the now empty s, so t adds none);
  //   swap: 1;
  //   steps into the emptied s from a White neighbour n != t farther out.
  // Sum over the 31 pairs of 33 - deg(s) - deg(t) = 31*33 - sum(deg^2)
  //   = 1023 - (4*4 + 10*9 + 6*16) = 821.
  // Steps: for a Black s with k neighbours farther from c2/c3 than s, the
  // (t, n) choices number k * (deg(s) - 1): c1 2*2, b2 2*3, d2 2*3, a3 1*2,
  // c3 3*3, e3 1*2, b4 1*2, d4 1*2, a1 and e1 0: 33. Total 854.
  auto game = make({"width=5", "height=4"});
  EXPECT_EQ(perft(*start(*game), 2), 854u);
}

TEST(InvectorPerft, PieAddsWhitesRepliesAfterTheSwap) {
  // With the pie rule, depth 3 counts in addition every White move after a
  // swap, i.e. White's ordinary replies to each Black first move — which is
  // perft(2) without the swaps: perft2(pie) - perft1.
  auto pie = make({"width=5", "height=4"});
  auto no_pie = make({"width=5", "height=4", "pie=false"});
  const uint64_t p1 = perft(*start(*pie), 1), p2 = perft(*start(*pie), 2);
  EXPECT_EQ(perft(*start(*no_pie), 2), p2 - p1);  // one swap per Black first move
  EXPECT_EQ(perft(*start(*pie), 3), perft(*start(*no_pie), 3) + (p2 - p1));
}

TEST(InvectorPerft, ReferenceValues) {
  // Cross-checked with the independent reference tests/reference/invector_ref.py
  // (the same numbers are compared against the binary in tests/cli).
  EXPECT_EQ(perft(*start(*make({"width=5", "height=4"})), 3), 19066u);
  EXPECT_EQ(perft(*start(*make()), 2), 9032u);
  EXPECT_EQ(perft(*start(*make({"width=4", "height=3"})), 4), 17714u);
}

TEST(InvectorPerft, FinishedGameHasNoMoves) {
  auto game = make({"width=5", "height=4"});
  auto s = testing::at(*game, "2b2/5/5/5 w - 9");
  EXPECT_EQ(perft(*s, 1), 0u);
  EXPECT_EQ(perft(*s, 0), 1u);
}

TEST(InvectorInterface, GamesEndWithinTheLengthBound) {
  auto game = make({"width=5", "height=4"});
  std::mt19937_64 rng(7);
  for (int g = 0; g < 50; ++g) {
    auto s = game->initial_state();
    while (!s->is_terminal()) {
      ASSERT_LT(s->ply(), game->max_game_length());
      auto actions = s->legal_actions();
      s->apply_action(actions[rng() % actions.size()]);
    }
    EXPECT_EQ(s->end_reason(), EndReason::kNoStones);
    EXPECT_NE(s->winner(), kNoPlayer);
  }
}

}  // namespace
}  // namespace inchzero::invector
