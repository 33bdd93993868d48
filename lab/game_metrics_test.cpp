// The lab's per-game metrics on short hand-made games whose answers are
// counted by hand.
#include "lab/game_metrics.h"

#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"

namespace inchzero::lab {
namespace {

using inchworm::testing::at;
using inchworm::testing::game;

TEST(GameMetrics, StalemateGameCountsStocksRunsAndPositions) {
  auto s = at(game(), "8/8/8/8/8/8/8/8 r 1,1 0,0 0,0");
  const GameMetrics m = measure_game(*s, {"d4", "e5", "pass", "pass"});
  EXPECT_EQ(m.end_reason, "stalemate");
  EXPECT_EQ(m.winner, kNoPlayer);
  EXPECT_EQ(m.plies, 4);
  EXPECT_EQ(m.first_move, "d4");
  EXPECT_EQ(m.stocks_out_ply, 2);
  EXPECT_EQ(m.capturing_plies, 0);
  EXPECT_EQ(m.longest_no_capture_run, 4);
  EXPECT_EQ(m.positions, 5);
  EXPECT_EQ(m.multi_edge_positions, 0);
  EXPECT_FALSE(m.target_reached);
  EXPECT_EQ(m.uncapturable_ply[0], -1);
}

// Rodeffer's Figure 5 and 6: Blue's distribution captures 9 Red pieces, Red
// rescues them all, Red drops.
const char* kFigure4b = "8/8/8/4,B9,3/3,R1,R7,3/3,R1,4/8/8 b 16,16 0,0 0,0";

TEST(GameMetrics, CapturesRescuesAndRuns) {
  auto s = at(game(), kFigure4b);
  const GameMetrics m = measure_game(*s, {"e5-f4-e3-d2-c3-c4-d5-d6-d7", "R9", "a1"});
  EXPECT_EQ(m.end_reason, "");
  EXPECT_EQ(m.plies, 3);
  EXPECT_EQ(m.capturing_plies, 1);
  EXPECT_EQ(m.pieces_captured, 9);
  EXPECT_EQ(m.rescues, 1);
  EXPECT_EQ(m.longest_no_capture_run, 2);
  EXPECT_EQ(m.scores[inchworm::kBlue], 9);
  EXPECT_EQ(m.stocks_out_ply, -1);
}

TEST(GameMetrics, TargetReachedEndsWithAWinner) {
  auto s = at(game({"target_score=5"}), kFigure4b);
  const GameMetrics m = measure_game(*s, {"e5-f4-e3-d2-c3-c4-d5-d6-d7"});
  EXPECT_EQ(m.end_reason, "target");
  EXPECT_EQ(m.winner, inchworm::kBlue);
  EXPECT_TRUE(m.target_reached);
}

TEST(GameMetrics, FormationPositionsAndFirstPly) {
  // Red completes the wall with its first move h4 and keeps it.
  auto s = at(game(), "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,1/8/8/8 r 18,25 0,0 0,0");
  const GameMetrics m = measure_game(*s, {"h4", "a8"});
  EXPECT_EQ(m.positions, 3);
  EXPECT_EQ(m.wall_positions, 2);
  EXPECT_EQ(m.multi_edge_positions, 2);
  EXPECT_EQ(m.two_eyed_positions, 1);  // Blue's a8 spoils the upper eye
  EXPECT_EQ(m.uncapturable_ply[inchworm::kRed], 1);
  EXPECT_EQ(m.uncapturable_ply[inchworm::kBlue], -1);
  // The wall still stands at the end, since ply 1, with no capture since.
  EXPECT_EQ(m.standing_since[inchworm::kRed], 1);
  EXPECT_TRUE(m.wall_at_end[inchworm::kRed]);
  EXPECT_FALSE(m.two_eyed_at_end[inchworm::kRed]);
  EXPECT_EQ(m.standing_since[inchworm::kBlue], -1);
  EXPECT_FALSE(m.wall_at_end[inchworm::kBlue]);
  EXPECT_EQ(m.final_no_capture_run, 2);
}

TEST(GameMetrics, AFormationBrokenBeforeTheEndDoesNotStandAtTheEnd) {
  // Red's full rank stands at the start; Red collects a4 onto b4, which
  // leaves a4 empty and the wall broken (a4 touched the west edge).
  auto s = at(game(), "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 r 17,25 0,0 0,0");
  const GameMetrics m = measure_game(*s, {"a4=b4"});
  EXPECT_EQ(m.uncapturable_ply[inchworm::kRed], 0);
  EXPECT_EQ(m.standing_since[inchworm::kRed], -1);
  EXPECT_FALSE(m.wall_at_end[inchworm::kRed]);
  EXPECT_EQ(m.final_no_capture_run, 1);
}

}  // namespace
}  // namespace inchzero::lab
