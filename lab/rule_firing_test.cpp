// Rule firing on scripted games whose counts are known by hand (the
// positions of core/games/inchworm/captures_test.cpp and moves_test.cpp).
#include "lab/rule_firing.h"

#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"
#include "lab/game_metrics.h"

namespace inchzero::lab {
namespace {

using inchworm::testing::at;
using inchworm::testing::game;
using Counts = std::map<std::string, int>;

// Rodeffer's Figure 7: Red's h8 leaves Red's h8 (1 piece) and Blue's
// g7-g8-h7 (3 pieces) without liberties at once; Red's h1 leaves itself
// without liberties next to Blue's e1..h2 group, which still has d1.
const char* kFigure7 =
    "R1,3,R1,R1,B1,1/B1,B1,3,R1,B1,B1/2,B1,2,R1,R1,R1/B1,7/R1,7/R1,B1,2,R1,R1,R1,R1/"
    "B1,2,R1,B1,B1,B1,B1/4,B1,B1,B1,1 r 11,9 0,0 0,0";

Counts fired(const std::vector<std::string>& rules, const std::string& position,
             const std::vector<std::string>& moves) {
  return measure_game(*at(game(rules), position), moves).fired;
}

TEST(RuleFiring, NoFixOnCountsNothing) { EXPECT_TRUE(fired({}, kFigure7, {"h8"}).empty()); }

TEST(RuleFiring, MenkeFiresWhenItSparesAGroup) {
  // h1 is spared (plain rules capture it); h8 captures both groups, as the
  // plain rules do.
  EXPECT_EQ(fired({"menke=true"}, kFigure7, {"h1"}), (Counts{{"menke", 1}}));
  EXPECT_EQ(fired({"menke=true"}, kFigure7, {"h8"}), (Counts{{"menke", 0}}));
}

TEST(RuleFiring, SmallerGroupOnlyAndMoverPriorityAtFigure7) {
  EXPECT_EQ(fired({"smaller_group_only=true"}, kFigure7, {"h8"}),
            (Counts{{"smaller_group_only", 1}}));
  EXPECT_EQ(fired({"mover_priority=true"}, kFigure7, {"h8"}), (Counts{{"mover_priority", 1}}));
  // Both on: mover_priority decides (RULINGS), so smaller_group_only changes
  // nothing and does not fire.
  EXPECT_EQ(fired({"mover_priority=true", "smaller_group_only=true"}, kFigure7, {"h8"}),
            (Counts{{"mover_priority", 1}, {"smaller_group_only", 0}}));
}

// 4x3, Red a2-b2-b1 with the eye a1; Blue plays c1, which takes Red's group
// only under enclosure_capture.
const char* kCornerEye = "B1,B1,1,R1/R1,R1,B1,1/1,R1,2 b 5,5 0,0 0,0";

TEST(RuleFiring, EnclosureCaptureAndItsPoints) {
  EXPECT_EQ(fired({"width=4", "height=3", "enclosure_capture=true"}, kCornerEye, {"c1"}),
            (Counts{{"enclosure_capture", 1}}));
  // With points, Red also scores its eye a1: both fixes fired.
  EXPECT_EQ(fired({"width=4", "height=3", "enclosure_capture=true", "enclosed_space_points=true"},
                  kCornerEye, {"c1"}),
            (Counts{{"enclosure_capture", 1}, {"enclosed_space_points", 1}}));
  // Blue's d1 instead captures nothing under either rule.
  EXPECT_EQ(fired({"width=4", "height=3", "enclosure_capture=true"}, kCornerEye, {"d1"}),
            (Counts{{"enclosure_capture", 0}}));
}

TEST(RuleFiring, MaxEyesFiresWhenItWithholdsADecision) {
  // 5x3: Red's group has the eye a1; drops on e2 or e3 would close a second
  // eye, so the limit withholds them whatever Red then plays.
  const char* pos = "2,B1,2/R1,R1,R1,R1,1/1,R1,R1,R1,1 r 5,5 0,0 0,0";
  EXPECT_EQ(fired({"width=5", "height=3", "max_eyes_per_group=1"}, pos, {"a3"}),
            (Counts{{"max_eyes_per_group", 1}}));
}

TEST(RuleFiring, MaxEdgesFiresOnlyWhereItForbids) {
  // 3x3 cylinder (edges south and north only): no drop of plies 1-4 makes a
  // group touch both; at ply 5 b3 would join b1-b2 to the north edge.
  EXPECT_EQ(fired({"width=3", "height=3", "topology=cylinder", "max_edges_per_group=1"},
                  "3/3/3 r 5,5 0,0 0,0", {"b2", "a1", "b1", "c1"}),
            (Counts{{"max_edges_per_group", 0}}));
  EXPECT_EQ(fired({"width=3", "height=3", "topology=cylinder", "max_edges_per_group=1"},
                  "3/3/3 r 5,5 0,0 0,0", {"b2", "a1", "b1", "c1", "a3"}),
            (Counts{{"max_edges_per_group", 1}}));
}

TEST(RuleFiring, NoCaptureLimitFiresWhenItEndsTheGame) {
  const char* empty = "8/8/8/8/8/8/8/8 r 5,5 0,0 0,0";
  const GameMetrics ended = measure_game(*at(game({"no_capture_limit=2"}), empty), {"d4", "e5"});
  EXPECT_EQ(ended.end_reason, EndReason::kNoCaptureLimit);
  EXPECT_EQ(ended.fired, (Counts{{"no_capture_limit", 1}}));
  EXPECT_EQ(fired({"no_capture_limit=3"}, empty, {"d4", "e5"}), (Counts{{"no_capture_limit", 0}}));
}

TEST(RuleFiring, ActiveFixesFollowTheRules) {
  EXPECT_TRUE(RuleFiringCounter::active_fixes(*game()).empty());
  EXPECT_EQ(RuleFiringCounter::active_fixes(*game({}, "enclosure-points")),
            (std::vector<std::string>{"enclosure_capture", "enclosed_space_points"}));
  EXPECT_EQ(RuleFiringCounter::active_fixes(*game({}, "no-capture-limit-per-piece")),
            (std::vector<std::string>{"no_capture_limit"}));
}

}  // namespace
}  // namespace inchzero::lab
