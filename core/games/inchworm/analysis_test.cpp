// The formation detectors on constructed positions (the lab's per-game
// metrics: lab/game_metrics_test.cpp).
#include "core/games/inchworm/analysis.h"

#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::cell;
using testing::game;
using testing::play;

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

// Corrected for issue 18: the halves of the board are no sealed eyes (most of
// their squares are not liberties of the wall), so the wall alone is not
// uncapturable (BareWallIsCapturedByDrops shows how it is captured).
TEST(Formations, EdgeToEdgeWallAloneIsNotUncapturable) {
  const Formations f = red(kFullRank);
  EXPECT_TRUE(f.wall);
  EXPECT_TRUE(f.multi_edge);
  EXPECT_FALSE(f.two_eyed);
  EXPECT_FALSE(f.uncapturable());
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

TEST(Formations, WallWithAnOpponentStackInOneHalfHasNoSealedEye) {
  const Formations f = red(kRankWithBlue);
  EXPECT_TRUE(f.wall);
  EXPECT_FALSE(f.two_eyed);
  auto s = at(game(), kRankWithBlue);
  auto groups = groups_of(s->position(), kRed, s->geometry());
  ASSERT_EQ(groups.size(), 1u);
  // Neither half is a sealed eye: the lower one is, by the old definition,
  // an eye (bordered by Red only) but most of its squares are no liberties.
  EXPECT_EQ(eyes_of_group(s->position(), kRed, groups[0], s->geometry()), 0);
  EXPECT_EQ(edges_touched(groups[0], s->geometry()), kEdgeWest | kEdgeEast);
}

TEST(Formations, TwoEyedCornerGroup) {
  const Formations two = red(kTwoEyes);
  EXPECT_TRUE(two.two_eyed);
  EXPECT_TRUE(two.uncapturable());
  auto s = at(game(), kTwoEyes);
  EXPECT_EQ(two.stones, s->position().stacks(kRed));
  Bits eyes;
  eyes.set(cell(*s, "a1"));
  eyes.set(cell(*s, "c1"));
  EXPECT_EQ(two.eyes, eyes);
  EXPECT_FALSE(two.wall);
  EXPECT_TRUE(two.multi_edge);  // a2 on the west edge, b1/d1 on the south edge
  EXPECT_FALSE(red(kOneEye).two_eyed);
  EXPECT_FALSE(red(kOneEye).uncapturable());
}

// The scripted positions below are on 5 × 5 (or 5 × 3) boards under the
// original rules; each shows with the rules core what the formation is worth.
std::shared_ptr<const InchwormGame> small(int height = 5) {
  return game({"width=5", "height=" + std::to_string(height)});
}
Formations red_on(const InchwormState& s) {
  return find_formations(s.position(), kRed, s.geometry());
}

// Four lone Red stones: b1 touches a1 and c1, each bordered by Red only, so
// the old analysis counted two eyes and called b1 uncapturable. But a1 is
// closed by two groups (a2, b1) and open diagonally at b2: Blue distributes
// b3-b2-a1 and a2, with no liberty left, is captured.
TEST(Formations, EyesClosedBySeveralGroupsAreRefused) {
  auto s = at(small(), "5/5/B1,B3,3/R1,1,R1,2/1,R1,1,R1,1 b 21,21 0,0 0,0");
  EXPECT_FALSE(red_on(*s).two_eyed);
  EXPECT_FALSE(red_on(*s).uncapturable());
  for (const Bits& group : groups_of(s->position(), kRed, s->geometry())) {
    EXPECT_EQ(eyes_of_group(s->position(), kRed, group, s->geometry()), 0);
  }
  play(*s, "b3-b2-a1");
  EXPECT_EQ(s->last_captures().pieces[kRed], 1);  // a2
  EXPECT_EQ(s->position().owner(cell(*s, "a2")), kEmpty);
}

// One Red group closes c3 and d4 orthogonally, but b2 (Blue) and c3 touch
// them diagonally: one distribution b2-c3-d4 fills both, and the whole
// group (its other liberties already Blue's) is captured at once.
TEST(Formations, EyesOpenDiagonallyAreRefused) {
  auto s = at(small(),
              "1,B1,R1,R1,R1/B1,R1,R1,1,R1/B1,R1,1,R1,R1/1,B3,R1,R1,B1/2,B1,B1,1 b 14,16 0,0 0,0");
  ASSERT_EQ(groups_of(s->position(), kRed, s->geometry()).size(), 1u);
  EXPECT_FALSE(red_on(*s).uncapturable());
  play(*s, "b2-c3-d4");
  EXPECT_EQ(s->last_captures().pieces[kRed], 11);
  EXPECT_TRUE(s->position().stacks(kRed).none());
}

// The seed's wall across the board: Blue drops along both sides (each piece
// keeps a liberty on rank 1 or 5) while Red waits on its stack a3, and the
// tenth drop captures the wall.
TEST(Formations, BareWallIsCapturedByDrops) {
  auto s = at(small(), "5/5/R1,R1,R1,R1,R1/5/5 b 20,25 0,0 0,0");
  EXPECT_TRUE(red_on(*s).wall);
  EXPECT_FALSE(red_on(*s).uncapturable());
  play(*s, "a2 a3 b2 a3 c2 a3 d2 a3 e2 a3 a4 a3 b4 a3 c4 a3 d4 a3");
  EXPECT_EQ(s->position().stacks(kRed).count(), 5);
  play(*s, "e4");
  EXPECT_EQ(s->last_captures().pieces[kRed], 14);  // a3 was 10 high
  EXPECT_TRUE(s->position().stacks(kRed).none());
}

// A wall that is also a two-eyed group: across a board three squares high
// both sides are sealed eyes. Blue fills the lower one; its last drop leaves
// the Blue pieces there without a liberty, while the wall keeps rank 3.
TEST(Formations, WallWithTwoSealedEyesIsAcceptedAndHolds) {
  auto s = at(small(3), "5/R1,R1,R1,R1,R1/5 b 20,25 0,0 0,0");
  EXPECT_TRUE(red_on(*s).wall);
  EXPECT_TRUE(red_on(*s).two_eyed);
  EXPECT_TRUE(red_on(*s).uncapturable());
  play(*s, "a1 b2 b1 b2 c1 b2 d1 b2 e1");
  EXPECT_EQ(s->last_captures().pieces[kBlue], 5);
  EXPECT_EQ(s->last_captures().pieces[kRed], 0);
  EXPECT_EQ(s->position().stacks(kRed).count(), 5);
  EXPECT_TRUE(red_on(*s).uncapturable());
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
