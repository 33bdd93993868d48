// Captures and every capture fix, on the seed's own examples where it has
// them (Figures 5 and 7 of Rodeffer's paper, reconstructed from its text).
#include "core/games/inchworm/captures.h"

#include <gtest/gtest.h>

#include <random>

#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::cell;
using testing::game;
using testing::play;

// Figure 5: Blue's stack of 9 on e5 is distributed around Red's d3, d4 and
// the stack of 7 on e4 (collected by e1=e4 in Figure 4b). Stocks 16/16.
const char* kFigure4b = "8/8/8/4,B9,3/3,R1,R7,3/3,R1,4/8/8 b 16,16 0,0 0,0";

TEST(Captures, Figure5DistributionCapturesByStackHeight) {
  auto s = at(game(), kFigure4b);
  const Move m = s->parse_move("e5-f4-e3-d2-c3-c4-d5-d6-d7");
  EXPECT_EQ(s->move_text(m, true), "e5-f4-e3-d2-c3-c4-d5-d6-d7 X d3-d4-e4");
  s->apply_move(m);
  EXPECT_EQ(s->score(kBlue), 9);      // 1 + 1 + 7 pieces
  EXPECT_EQ(s->prisoners(kBlue), 9);  // "9 captured Red pieces"
  EXPECT_EQ(s->score(kRed), 0);
  for (const char* sq : {"d3", "d4", "e4"}) EXPECT_EQ(s->owner(cell(*s, sq)), kEmpty) << sq;
  for (const char* sq : {"e5", "f4", "e3", "d2", "c3", "c4", "d5", "d6", "d7"})
    EXPECT_EQ(s->owner(cell(*s, sq)), kBlue) << sq;
  // Figure 6: Red rescues all nine; Blue keeps the points.
  EXPECT_THROW(s->parse_move("R8"), GameError);
  play(*s, "R9");
  EXPECT_EQ(s->stock(kRed), 25);
  EXPECT_EQ(s->prisoners(kBlue), 0);
  EXPECT_EQ(s->score(kBlue), 9);
}

TEST(Captures, Figure4CollectAlongALine) {
  auto s = at(game(), "8/8/8/4,B9,3/3,R1,R2,3/3,R1,R1,3/4,R2,3/4,R2,3 r 16,16 0,0 0,0");
  EXPECT_NO_THROW(s->parse_move("d4=e4"));
  EXPECT_THROW(s->parse_move("e1=e4=d4=d3"), GameError);  // no corners
  play(*s, "e1=e4");
  EXPECT_EQ(s->height(cell(*s, "e4")), 7);
  for (const char* sq : {"e1", "e2", "e3"}) EXPECT_EQ(s->owner(cell(*s, sq)), kEmpty) << sq;
  EXPECT_EQ(s->to_position(), std::string(kFigure4b) + " 1 1 0");
}

// Figure 7 (Red to move; Blue 9 in stock, Red 11): a8 and a3-a4 are in atari;
// Blue's g7-g8-h7 has its last liberty on h8; h1 is surrounded by Blue.
const char* kFigure7 =
    "R1,3,R1,R1,B1,1/B1,B1,3,R1,B1,B1/2,B1,2,R1,R1,R1/B1,7/R1,7/R1,B1,2,R1,R1,R1,R1/"
    "B1,2,R1,B1,B1,B1,B1/4,B1,B1,B1,1 r 11,9 0,0 0,0";

TEST(Captures, Figure7SelfCaptureAtH1) {
  auto s = at(game(), kFigure7);
  play(*s, "h1");
  EXPECT_EQ(s->owner(cell(*s, "h1")), kEmpty);
  EXPECT_EQ(s->score(kBlue), 1);
  EXPECT_EQ(s->score(kRed), 0);
  EXPECT_EQ(s->owner(cell(*s, "g1")), kBlue);
}

TEST(Captures, Figure7SimultaneousCaptureAtH8) {
  auto s = at(game(), kFigure7);
  play(*s, "h8");
  EXPECT_EQ(s->score(kBlue), 1);  // the played piece
  EXPECT_EQ(s->score(kRed), 3);   // g7-g8-h7
  EXPECT_EQ(s->prisoners(kRed), 3);
  EXPECT_EQ(s->prisoners(kBlue), 1);
  for (const char* sq : {"h8", "g7", "g8", "h7"}) EXPECT_EQ(s->owner(cell(*s, sq)), kEmpty) << sq;
}

TEST(Captures, Figure7BlueCapturesAgainstTheEdges) {
  auto s = at(game(), kFigure7);
  play(*s, "c1 b8");  // a8 against the top edge
  EXPECT_EQ(s->score(kBlue), 1);
  play(*s, "c2 b4");  // a3-a4 against the left edge
  EXPECT_EQ(s->score(kBlue), 3);
}

TEST(Captures, MenkeSparesAGroupWhoseNeighboursBreathe) {
  auto menke = game({"menke=true"});
  auto s = at(menke, kFigure7);
  play(*s, "h1");  // Blue's e1..h2 group still has d1: h1 stays
  EXPECT_EQ(s->owner(cell(*s, "h1")), kRed);
  EXPECT_EQ(s->score(kBlue), 0);
  auto t = at(menke, kFigure7);
  play(*t, "h8");  // both without liberties: both captured
  EXPECT_EQ(t->score(kRed), 3);
  EXPECT_EQ(t->score(kBlue), 1);
  // The surviving h1 is judged again after every move: when Red takes d1,
  // Blue's group loses its last liberty and both capture each other.
  play(*s, "a6 d1");
  EXPECT_EQ(s->owner(cell(*s, "h1")), kEmpty);
  EXPECT_EQ(s->owner(cell(*s, "g1")), kEmpty);
  EXPECT_EQ(s->score(kRed), 7);
  EXPECT_EQ(s->score(kBlue), 1);
}

TEST(Captures, SmallerGroupOnly) {
  auto s = at(game({"smaller_group_only=true"}), kFigure7);
  play(*s, "h8");  // Red 1 piece < Blue 3 pieces: only Red's
  EXPECT_EQ(s->score(kBlue), 1);
  EXPECT_EQ(s->score(kRed), 0);
  EXPECT_EQ(s->owner(cell(*s, "g8")), kBlue);
}

TEST(Captures, SmallerGroupOnlyEqualCapturesBoth) {
  auto g = game({"width=3", "height=3", "smaller_group_only=true"});
  auto s = at(g, "B1,R1,1/R1,B1,1/1,R1,1 b 5,5 0,0 0,0");
  // Blue a3 and Red b3; Blue plays c3: b3 (Red, 1) has no liberty; Blue a3
  // is dead already (a2 R, b3 R). Both colours: 1 piece each -> both.
  play(*s, "c3");
  EXPECT_EQ(s->owner(cell(*s, "b3")), kEmpty);
  EXPECT_EQ(s->owner(cell(*s, "a3")), kEmpty);
  EXPECT_EQ(s->score(kRed), 1);
  EXPECT_EQ(s->score(kBlue), 1);
}

TEST(Captures, MoverPriorityDecidesOverSmallerGroupOnly) {
  for (bool smaller : {false, true}) {
    auto g = game(
        {"mover_priority=true", std::string("smaller_group_only=") + (smaller ? "true" : "false")});
    auto s = at(g, kFigure7);
    play(*s, "h8");  // Blue's three go first; then h8 breathes again
    EXPECT_EQ(s->score(kRed), 3);
    EXPECT_EQ(s->score(kBlue), 0);
    EXPECT_EQ(s->owner(cell(*s, "h8")), kRed);
  }
}

// 4x3, Red a2-b2-b1 with the eye a1; Blue a3, b3, c2 and plays c1; Red's
// d3 keeps Blue's own spaces from being Blue eyes.
const char* kCornerEye = "B1,B1,1,R1/R1,R1,B1,1/1,R1,2 b 5,5 0,0 0,0";

TEST(Captures, EyesKeepAGroupAliveWithoutEnclosureCapture) {
  auto s = at(game({"width=4", "height=3"}), kCornerEye);
  play(*s, "c1");
  EXPECT_EQ(s->score(kBlue), 0);
  EXPECT_EQ(s->owner(cell(*s, "b2")), kRed);
}

TEST(Captures, EnclosureCaptureOfBothColoursAtOnce) {
  // 3x3 without Red's d3: the open c3 is bordered by Blue only, so it is a
  // Blue eye and no liberty either; both colours are captured.
  auto s = at(game({"width=3", "height=3", "enclosure_capture=true"}),
              "B1,B1,1/R1,R1,B1/1,R1,1 b 5,5 0,0 0,0");
  play(*s, "c1");
  EXPECT_EQ(s->score(kBlue), 3);
  EXPECT_EQ(s->score(kRed), 4);
}

TEST(Captures, EnclosureCaptureIgnoresOwnEyes) {
  auto s = at(game({"width=4", "height=3", "enclosure_capture=true"}), kCornerEye);
  play(*s, "c1");
  EXPECT_EQ(s->score(kBlue), 3);
  EXPECT_EQ(s->score(kRed), 0);
}

TEST(Captures, EnclosureCaptureNeedsAnOpposingNeighbour) {
  // RULINGS §1 rule 2: only a group touching an opposing stack is captured.
  // A lone first stack on an empty board borders only its own eyes (every
  // empty region touches Red alone), so it has no liberties under
  // enclosure_capture, yet it touches no Blue stack and must stay.
  auto s = game({"enclosure_capture=true"})->new_initial_state();
  play(*s, "a1");
  EXPECT_EQ(s->owner(cell(*s, "a1")), kRed);
  EXPECT_EQ(s->score(kBlue), 0);
  // Once Blue touches it and the group still has no liberties, it is taken.
  // 3x3: Red a1, b2, c1 around the eye b1; Blue plays a2.
  auto t =
      at(game({"width=3", "height=3", "enclosure_capture=true"}), "3/1,R1,1/R1,1,R1 b 5,5 0,0 0,0");
  play(*t, "a2");
  EXPECT_EQ(t->score(kBlue), 1) << "a1 borders only Red's eye b1 and touches Blue a2";
  EXPECT_EQ(t->owner(cell(*t, "a1")), kEmpty);
  EXPECT_EQ(t->owner(cell(*t, "c1")), kRed) << "c1 keeps the liberty c2";
}

TEST(Captures, EnclosedSpacePointsGoToTheOwner) {
  auto s = at(game({"width=4", "height=3", "enclosure_capture=true", "enclosed_space_points=true"}),
              kCornerEye);
  play(*s, "c1");
  EXPECT_EQ(s->score(kBlue), 3);
  EXPECT_EQ(s->score(kRed), 1);      // the eye a1
  EXPECT_EQ(s->prisoners(kRed), 0);  // points only
  // Without enclosure_capture the option has nothing to count.
  auto t = at(game({"width=4", "height=3", "enclosed_space_points=true"}), kCornerEye);
  play(*t, "c1");
  EXPECT_EQ(t->score(kRed), 0);
}

// enclosed_space_points_own_capture: Red's own c1 takes the last outside
// liberty of its group a2-b2-b1-c1 (eye a1), which touches Blue: Red's own
// move captures it. Its eye point counts only with the option on (RULINGS:
// off closes the farm of filling one's own liberties for eye points).
TEST(Captures, EyePointsOfAnOwnCaptureOnlyWhenTheOptionSaysSo) {
  const char* before = "B1,B1,1,R1/R1,R1,B1,1/1,R1,1,B1 r 5,5 0,0 0,0";
  for (bool own : {true, false}) {
    SCOPED_TRACE(own);
    auto s =
        at(game({"width=4", "height=3", "enclosure_capture=true", "enclosed_space_points=true",
                 std::string("enclosed_space_points_own_capture=") + (own ? "true" : "false")}),
           before);
    play(*s, "c1");
    EXPECT_EQ(s->owner(cell(*s, "b2")), kEmpty) << "the group was captured by its owner's move";
    EXPECT_EQ(s->score(kBlue), 4);
    EXPECT_EQ(s->score(kRed), own ? 1 : 0);
  }
  // A capture by the opponent's move scores the eye either way.
  auto t = at(game({"width=4", "height=3", "enclosure_capture=true", "enclosed_space_points=true",
                    "enclosed_space_points_own_capture=false"}),
              kCornerEye);
  play(*t, "c1");
  EXPECT_EQ(t->score(kRed), 1);
}

// smaller_group_measure: Red's dead stack of 5 on b3 (1 square) against
// Blue's dead groups a3-a2-b2 and c3 (4 pieces, 4 squares). By pieces Blue's
// are smaller and go; by area Red's is smaller and goes.
TEST(Captures, SmallerGroupOnlyMeasuresPiecesOrArea) {
  const char* before = "B1,R5,1/B1,B1,R1/R1,R1,1 b 10,10 0,0 0,0";
  auto by_pieces = at(game({"width=3", "height=3", "stock=10", "smaller_group_only=true"}), before);
  play(*by_pieces, "c3");
  EXPECT_EQ(by_pieces->owner(cell(*by_pieces, "b3")), kRed);
  EXPECT_EQ(by_pieces->owner(cell(*by_pieces, "a3")), kEmpty);
  EXPECT_EQ(by_pieces->score(kRed), 4);
  auto by_area = at(game({"width=3", "height=3", "stock=10", "smaller_group_only=true",
                          "smaller_group_measure=area"}),
                    before);
  play(*by_area, "c3");
  EXPECT_EQ(by_area->owner(cell(*by_area, "b3")), kEmpty);
  EXPECT_EQ(by_area->owner(cell(*by_area, "a3")), kBlue);
  EXPECT_EQ(by_area->score(kBlue), 5);
  EXPECT_EQ(by_area->score(kRed), 0);
}

TEST(Captures, EyeMaxSizeLimitsWhatCountsAsAnEye) {
  // 4x3: Red a2-b2-c2-c1 around the two-square eye a1-b1; Blue plays d1.
  const char* pos = "B1,B1,B1,1/R1,R1,R1,B1/2,R1,1 b 5,5 0,0 0,0";
  auto big = at(game({"width=4", "height=3", "enclosure_capture=true"}), pos);
  play(*big, "d1");
  EXPECT_EQ(big->score(kBlue), 4);
  auto small = at(game({"width=4", "height=3", "enclosure_capture=true", "eye_max_size=1"}), pos);
  play(*small, "d1");
  EXPECT_EQ(small->score(kBlue), 0) << "a two-square region is no eye with eye_max_size 1";
}

TEST(Captures, AcrossTheCylinderSeam) {
  // Blue a4 with Red a3, a5, b4: on a cylinder h4 is still a liberty.
  const char* pos = "8/8/8/R1,7/B1,R1,6/R1,7/8/8 r 20,20 0,0 0,0";
  auto s = at(game({"topology=cylinder"}), pos);
  play(*s, "d8");
  EXPECT_EQ(s->owner(cell(*s, "a4")), kBlue);
  play(*s, "e8 h4");
  EXPECT_EQ(s->owner(cell(*s, "a4")), kEmpty);
  EXPECT_EQ(s->score(kRed), 1);
  // On a flat board the left edge closes it at once.
  auto f = at(game(), pos);
  play(*f, "d8");
  EXPECT_EQ(f->score(kRed), 1);
}

TEST(Captures, AcrossBothTorusSeams) {
  // Blue a1; Red b1 and a2 close the flat corner, the torus needs h1 and a8.
  const char* pos = "8/8/8/8/8/8/R1,7/B1,R1,6 r 20,20 0,0 0,0";
  auto s = at(game({"topology=torus"}), pos);
  play(*s, "h1 c5");
  EXPECT_EQ(s->owner(cell(*s, "a1")), kBlue);
  play(*s, "a8");
  EXPECT_EQ(s->owner(cell(*s, "a1")), kEmpty);
  EXPECT_EQ(s->score(kRed), 1);
}

TEST(Captures, AGroupFillingTheBoardIsNotCaptured) {
  auto g = game({"width=3", "height=3"});
  auto s = at(g, "R1,R1,R1/R1,R1,R1/R1,R1,1 r 5,5 0,0 0,0");
  play(*s, "c1");
  EXPECT_EQ(s->score(kBlue), 0);
  EXPECT_EQ(s->height(cell(*s, "c1")), 1);
}

// groups_over_edge_limit against the definition, group by group: on random
// sets of stacks of every density, on all three topologies and odd sizes
// (more than one bitboard word on 12 x 12), for every limit.
TEST(Captures, GroupsOverEdgeLimitMatchGroupByGroup) {
  std::mt19937_64 rng(20261128);
  const Topology topologies[] = {Topology::kFlat, Topology::kCylinder, Topology::kTorus};
  const int sizes[][2] = {{3, 3}, {5, 4}, {8, 8}, {12, 12}};
  int over_found = 0;
  for (Topology topology : topologies) {
    for (const auto& size : sizes) {
      const Geometry geo(size[0], size[1], topology);
      for (int trial = 0; trial < 200; ++trial) {
        Bits own;
        const int percent = static_cast<int>(rng() % 90) + 5;
        for (int c = 0; c < geo.num_cells(); ++c)
          if (static_cast<int>(rng() % 100) < percent) own |= Bits::single(c);
        for (int max_edges = 1; max_edges <= 4; ++max_edges) {
          Bits expected, rest = own;
          while (rest.any()) {
            const Bits group = geo.flood(Bits::single(rest.lowest()), own);
            rest = rest.minus(group);
            int edges = 0;
            for (Edge e : {kEdgeWest, kEdgeEast, kEdgeSouth, kEdgeNorth})
              edges += group.intersects(geo.edge_cells(e)) ? 1 : 0;
            if (edges > max_edges) expected |= group;
          }
          ASSERT_TRUE(groups_over_edge_limit(own, geo, max_edges) == expected)
              << size[0] << "x" << size[1] << " topology " << static_cast<int>(topology)
              << " limit " << max_edges << " trial " << trial;
          over_found += expected.any() ? 1 : 0;
        }
      }
    }
  }
  EXPECT_GT(over_found, 100);  // the comparison met groups over the limit
}

// groups_over_edge_limit_after_adding against groups_over_edge_limit of the
// grown set: stacks added one at a time in random order to random sets, on
// every topology and limit, as the group-limit search adds them.
TEST(Captures, GroupsOverEdgeLimitAfterAddingMatchFromScratch) {
  std::mt19937_64 rng(20261205);
  const Topology topologies[] = {Topology::kFlat, Topology::kCylinder, Topology::kTorus};
  const int sizes[][2] = {{3, 3}, {5, 4}, {8, 8}, {12, 12}};
  int changed = 0;
  for (Topology topology : topologies) {
    for (const auto& size : sizes) {
      const Geometry geo(size[0], size[1], topology);
      for (int trial = 0; trial < 40; ++trial) {
        const int max_edges = 1 + trial % 3;
        Bits own;
        const int percent = static_cast<int>(rng() % 40) + 5;
        for (int c = 0; c < geo.num_cells(); ++c)
          if (static_cast<int>(rng() % 100) < percent) own |= Bits::single(c);
        Bits over = groups_over_edge_limit(own, geo, max_edges);
        for (int step = 0; step < geo.num_cells() / 3; ++step) {
          const int added = static_cast<int>(rng() % geo.num_cells());
          if (own.test(added)) continue;
          own.set(added);
          const Bits next = groups_over_edge_limit_after_adding(over, own, added, geo, max_edges);
          ASSERT_TRUE(next == groups_over_edge_limit(own, geo, max_edges))
              << size[0] << "x" << size[1] << " topology " << static_cast<int>(topology)
              << " limit " << max_edges << " trial " << trial << " step " << step;
          changed += next != over ? 1 : 0;
          over = next;
        }
      }
    }
  }
  EXPECT_GT(changed, 50);  // adding stacks did put groups over the limit
}

}  // namespace
}  // namespace inchzero::inchworm
