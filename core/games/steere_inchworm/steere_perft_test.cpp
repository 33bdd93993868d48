// Perft counts of Steere's Inchworm, each justified by hand or by the
// independent reference. The interface checks (random playouts, round trips,
// hashing) run in the shared suite, tests/core/game_suite.cpp.
#include <gtest/gtest.h>

#include <random>

#include "core/games/steere_inchworm/steere_test_util.h"
#include "core/perft.h"

namespace inchzero::steere {
namespace {

using testing::make;
using testing::start;

TEST(SteerePerft, DepthOneIsTheBearOffs) {
  // The full start board allows only bear-offs: Red's checkers on the far
  // rank and on the right file (the corner counted once when it is Red's).
  // 6 x 7: a7 c7 e7 + f2 f4 f6 = 6. 8 x 9: a9 c9 e9 g9 + h2 h4 h6 h8 = 8.
  // 3 x 3: a3, c3 (corner), c1 = 3.
  EXPECT_EQ(perft(*start(*make()), 1), 6u);
  EXPECT_EQ(perft(*start(*make({}, "8x9")), 1), 8u);
  EXPECT_EQ(perft(*start(*make({"width=3", "height=3"})), 1), 3u);
}

TEST(SteerePerft, DepthTwoAddsOneStepIntoEachVacatedSquare) {
  // After each Red bear-off Blue has its own bear-offs (6 on 6 x 7, 8 on
  // 8 x 9: rank 1 and file a) plus exactly one step into the square Red
  // left: the Blue checker behind it in Blue's frame (b7 -> a7, d7 -> c7,
  // f7 -> e7 on the top rank: to Blue's right; f3 -> f2, f5 -> f4, f7 -> f6 on
  // the right file: forward for Blue), each making a three-square worm (or
  // two at a7). So 6 * 7 = 42 and 8 * 9 = 72.
  EXPECT_EQ(perft(*start(*make()), 2), 42u);
  EXPECT_EQ(perft(*start(*make({}, "8x9")), 2), 72u);
}

TEST(SteerePerft, ReferenceValues) {
  // Computed by the independent reference tests/reference/steere_inchworm_ref.py
  // (compared against the binary in tests/cli as well).
  EXPECT_EQ(perft(*start(*make()), 4), 1794u);
  EXPECT_EQ(perft(*start(*make({"width=3", "height=3"})), 10), 59974u);
  EXPECT_EQ(perft(*start(*make({"width=4", "height=3"})), 8), 32205u);
}

TEST(SteerePerft, FinishedGameHasNoMoves) {
  auto s = testing::at(*make({"width=5", "height=5"}), "....b/...../...../...../..... b 12 12 30");
  EXPECT_EQ(perft(*s, 1), 0u);
}

TEST(SteereInterface, RandomGamesExerciseEveryMoveType) {
  // Long random games on the default board reach stacks, long worms and
  // every target kind; count them to show that random playouts (here and in
  // the shared suite) are not confined to bear-offs and lone steps.
  auto game = make();
  std::mt19937_64 rng(3);
  int target_seen[kNumTargets] = {};
  int finished = 0;
  for (int g = 0; g < 10; ++g) {
    auto s = start(*game);
    while (!s->is_terminal()) {
      for (const WormMove& m : s->worm_moves()) ++target_seen[m.target];
      const auto actions = s->legal_actions();
      s->apply_action(actions[rng() % actions.size()]);
    }
    finished += s->end_reason() == EndReason::kBearOff;
  }
  for (int t = 0; t < kNumTargets; ++t) EXPECT_GT(target_seen[t], 0) << "target " << t;
  EXPECT_GT(finished, 0);
}

}  // namespace
}  // namespace inchzero::steere
