// The formation detectors on constructed positions (the lab's per-game
// metrics: lab/game_metrics_test.cpp).
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

}  // namespace
}  // namespace inchzero::inchworm
