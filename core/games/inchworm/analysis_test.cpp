// The lab's formation detectors on constructed positions, and its per-game
// metrics on short hand-made games whose answers are counted by hand.
#include "core/games/inchworm/analysis.h"

#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::game;

Formations red(const std::string& position, const std::string& rules = "original") {
  auto s = at(game({}, rules), position);
  return find_formations(s->position(), kRed, s->geometry());
}
Formations blue(const std::string& position) {
  auto s = at(game(), position);
  return find_formations(s->position(), kBlue, s->geometry());
}

// Red fills rank 4 from a4 to h4: the seed's edge-to-edge wall. The two empty
// halves are bordered only by Red, so they are two eyes as well.
const char* kFullRank = "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 b 17,25 0,0 0,0";
// The same rank with d4 missing: two groups, one edge each.
const char* kBrokenRank = "8/8/8/8/R1,R1,R1,1,R1,R1,R1,R1/8/8/8 b 18,25 0,0 0,0";
// The full rank plus a Blue stack on a8: the upper half is no eye any more.
const char* kRankWithBlue = "B1,7/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 r 17,24 0,0 0,0";
// Red's corner group b1 a2 b2 c2 d2 d1 around the eyes a1 and c1 (Blue h8
// keeps the big empty area from being a Red eye).
const char* kTwoEyes = "7,B1/8/8/8/8/8/R1,R1,R1,R1,4/1,R1,1,R1,4 b 19,24 0,0 0,0";
// The same with c1 filled: one eye only.
const char* kOneEye = "7,B1/8/8/8/8/8/R1,R1,R1,R1,4/1,R1,R1,R1,4 b 18,24 0,0 0,0";
// A full file a of Red.
const char* kFullFile = "R1,7/R1,7/R1,7/R1,7/R1,7/R1,7/R1,7/R1,7 b 17,25 0,0 0,0";

TEST(Formations, EdgeToEdgeWallAndItsTwoEyes) {
  const Formations f = red(kFullRank);
  EXPECT_TRUE(f.wall);
  EXPECT_TRUE(f.multi_edge);
  EXPECT_TRUE(f.two_eyed);
  EXPECT_TRUE(f.uncapturable());
  EXPECT_FALSE(blue(kFullRank).uncapturable());
  EXPECT_FALSE(blue(kFullRank).multi_edge);
}

TEST(Formations, BrokenWallIsNoFormation) {
  const Formations f = red(kBrokenRank);
  EXPECT_FALSE(f.wall);
  EXPECT_FALSE(f.multi_edge);  // a4-c4 touches west only, e4-h4 east only
  EXPECT_FALSE(f.two_eyed);    // both groups share the one empty region
  EXPECT_FALSE(f.uncapturable());
}

TEST(Formations, WallWithAnOpponentStackInOneHalfHasOneEye) {
  const Formations f = red(kRankWithBlue);
  EXPECT_TRUE(f.wall);
  EXPECT_FALSE(f.two_eyed);
  auto s = at(game(), kRankWithBlue);
  auto groups = groups_of(s->position(), kRed, s->geometry());
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(eyes_of_group(s->position(), kRed, groups[0], s->geometry()), 1);
  EXPECT_EQ(edges_touched(groups[0], s->geometry()), kEdgeWest | kEdgeEast);
}

TEST(Formations, TwoEyedCornerGroup) {
  const Formations two = red(kTwoEyes);
  EXPECT_TRUE(two.two_eyed);
  EXPECT_FALSE(two.wall);
  EXPECT_TRUE(two.multi_edge);  // a2 on the west edge, b1/d1 on the south edge
  EXPECT_FALSE(red(kOneEye).two_eyed);
  EXPECT_FALSE(red(kOneEye).uncapturable());
}

TEST(Formations, TopologyDecidesWhichEdgesExist) {
  // A cylinder has no side edges: a full rank is a ring, a full file a wall.
  EXPECT_FALSE(red(kFullRank, "cylinder").wall);
  EXPECT_FALSE(red(kFullRank, "cylinder").multi_edge);
  EXPECT_TRUE(red(kFullFile, "cylinder").wall);
  EXPECT_TRUE(red(kFullFile, "original").wall);
  // A torus has no edges at all.
  EXPECT_FALSE(red(kFullRank, "torus").wall);
  EXPECT_FALSE(red(kFullFile, "torus").wall);
  EXPECT_FALSE(red(kFullFile, "torus").multi_edge);
}

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
  EXPECT_EQ(m.scores[kBlue], 9);
  EXPECT_EQ(m.stocks_out_ply, -1);
}

TEST(GameMetrics, TargetReachedEndsWithAWinner) {
  auto s = at(game({"target_score=5"}), kFigure4b);
  const GameMetrics m = measure_game(*s, {"e5-f4-e3-d2-c3-c4-d5-d6-d7"});
  EXPECT_EQ(m.end_reason, "target");
  EXPECT_EQ(m.winner, kBlue);
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
  EXPECT_EQ(m.uncapturable_ply[kRed], 1);
  EXPECT_EQ(m.uncapturable_ply[kBlue], -1);
  // The wall still stands at the end, since ply 1, with no capture since.
  EXPECT_EQ(m.standing_since[kRed], 1);
  EXPECT_TRUE(m.wall_at_end[kRed]);
  EXPECT_FALSE(m.two_eyed_at_end[kRed]);
  EXPECT_EQ(m.standing_since[kBlue], -1);
  EXPECT_FALSE(m.wall_at_end[kBlue]);
  EXPECT_EQ(m.final_no_capture_run, 2);
}

TEST(GameMetrics, AFormationBrokenBeforeTheEndDoesNotStandAtTheEnd) {
  // Red's full rank stands at the start; Red collects a4 onto b4, which
  // leaves a4 empty and the wall broken (a4 touched the west edge).
  auto s = at(game(), "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 r 17,25 0,0 0,0");
  const GameMetrics m = measure_game(*s, {"a4=b4"});
  EXPECT_EQ(m.uncapturable_ply[kRed], 0);
  EXPECT_EQ(m.standing_since[kRed], -1);
  EXPECT_FALSE(m.wall_at_end[kRed]);
  EXPECT_EQ(m.final_no_capture_run, 1);
}

}  // namespace
}  // namespace inchzero::inchworm
