// Every move type, its notation, and the decision sequences that make it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::cell;
using testing::game;
using testing::play;

std::vector<std::string> move_texts(const InchwormState& s) {
  std::vector<std::string> out;
  for (const Move& m : s.legal_moves()) out.push_back(s.move_to_string(m));
  std::sort(out.begin(), out.end());
  return out;
}

bool offers(const InchwormState& s, Action a) {
  const std::vector<Action> legal = s.legal_actions();
  return std::binary_search(legal.begin(), legal.end(), a);
}

TEST(Moves, DropOntoEmptyOrOwnStackOnly) {
  auto s = game()->new_initial_state();
  play(*s, "d3 e4");
  EXPECT_NO_THROW(s->parse_move("d3"));
  EXPECT_THROW(s->parse_move("e4"), GameError);
  play(*s, "d3");
  EXPECT_EQ(s->height(cell(*s, "d3")), 2);
  EXPECT_EQ(s->stock(kRed), 23);
}

TEST(Moves, NoStockNoDrop) {
  auto s = at(game({"width=3", "height=3"}), "3/1,R1,1/3 r 0,5 0,0 0,0");
  EXPECT_THROW(s->parse_move("a1"), GameError);
  EXPECT_EQ(move_texts(*s), std::vector<std::string>{"pass"});
}

TEST(Moves, CollectDecisionsFollowTheLine) {
  auto g = game();
  const ActionLayout& L = g->layout();
  auto s = at(g, "8/8/8/8/8/8/8/R1,R2,R3,R1,4 r 10,10 0,0 0,0");
  s->apply_action(L.collect_from(cell(*s, "a1")));
  EXPECT_TRUE(s->in_compound_move());
  EXPECT_EQ(s->legal_actions(), std::vector<Action>{L.to(cell(*s, "b1"))});
  s->apply_action(L.to(cell(*s, "b1")));
  EXPECT_EQ(s->height(cell(*s, "b1")), 3);  // the collected stack moves along
  EXPECT_EQ(s->collect_direction(), 2);     // east
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{L.to(cell(*s, "c1")), L.end_collect()}));
  s->apply_action(L.to(cell(*s, "c1")));
  s->apply_action(L.to(cell(*s, "d1")));  // the line ends: the move completes
  EXPECT_FALSE(s->in_compound_move());
  EXPECT_EQ(s->height(cell(*s, "d1")), 7);
  EXPECT_EQ(s->to_move(), kBlue);
}

TEST(Moves, CollectAnySegmentOfALongerLine) {
  auto s = at(game(), "8/8/8/8/8/8/8/R1,R2,R3,R1,4 r 10,10 0,0 0,0");
  for (const char* m : {"a1=b1", "b1=c1", "b1=d1", "d1=b1", "c1=a1", "a1=d1"})
    EXPECT_NO_THROW(s->parse_move(m)) << m;
  play(*s, "b1=c1");
  EXPECT_EQ(s->height(cell(*s, "c1")), 5);
  EXPECT_EQ(s->height(cell(*s, "a1")), 1);
  EXPECT_EQ(s->owner(cell(*s, "b1")), kEmpty);
}

TEST(Moves, WrappedCollectsAreDisambiguated) {
  // A full rank of Red on a cylinder: h4 reaches b4 eastwards over the seam
  // (3 squares) and westwards (7 squares).
  auto s = at(game({"topology=cylinder"}), "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 r 10,10 0,0 0,0");
  const std::vector<std::string> texts = move_texts(*s);
  auto has = [&](const std::string& t) {
    return std::find(texts.begin(), texts.end(), t) != texts.end();
  };
  EXPECT_TRUE(has("h4=a4=b4"));
  EXPECT_TRUE(has("h4=g4=b4"));
  EXPECT_FALSE(has("h4=b4"));
  EXPECT_TRUE(has("a4=b4=b4"));  // also reachable westwards, the long way round
  EXPECT_TRUE(has("a4=h4=b4"));
  EXPECT_THROW(s->parse_move("h4=b4"), GameError);
  play(*s, "h4=a4=b4");
  EXPECT_EQ(s->height(cell(*s, "b4")), 3);
  EXPECT_EQ(s->owner(cell(*s, "h4")), kEmpty);
  EXPECT_EQ(s->height(cell(*s, "g4")), 1);
  // A line never repeats a square: 8 squares at most.
  auto t = at(game({"topology=cylinder"}), "8/8/8/8/R1,R1,R1,R1,R1,R1,R1,R1/8/8/8 r 10,10 0,0 0,0");
  play(*t, "a4=b4=h4");
  EXPECT_EQ(t->height(cell(*t, "h4")), 8);
}

TEST(Moves, UnambiguousCollectOnACylinderIsShort) {
  auto s = at(game({"topology=cylinder"}), "8/8/8/8/R1,R1,5,R1/8/8/8 r 10,10 0,0 0,0");
  std::vector<std::string> collects;
  for (const std::string& t : move_texts(*s))
    if (t.find('=') != std::string::npos) collects.push_back(t);
  EXPECT_EQ(collects,
            (std::vector<std::string>{"a4=b4", "a4=h4", "b4=a4", "b4=h4", "h4=a4", "h4=b4"}));
  // On a flat board h4 is not next to a4.
  auto f = at(game(), "8/8/8/8/R1,R1,5,R1/8/8/8 r 10,10 0,0 0,0");
  EXPECT_THROW(f->parse_move("h4=a4"), GameError);
}

TEST(Moves, DistributionOffersOnlyCompletableSteps) {
  auto g = game({"width=3", "height=3"});
  const ActionLayout& L = g->layout();
  // Red b2 (height 3) with Blue b3 and c2: c3 is reachable diagonally
  // between them but is a dead end for a path of three squares.
  auto s = at(g, "1,B1,1/1,R3,B1/3 r 0,5 0,0 0,0");
  EXPECT_THROW(s->parse_move("b2-c3"), GameError);  // too short
  s->apply_action(L.distribute_from(cell(*s, "b2")));
  EXPECT_EQ(s->pieces_left(), 2);
  EXPECT_EQ(s->height(cell(*s, "b2")), 1);
  std::vector<Action> expected;
  for (const char* sq : {"a1", "b1", "c1", "a2", "a3"}) expected.push_back(L.to(cell(*s, sq)));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(s->legal_actions(), expected);
  // With height 2 the diagonal step between two stacks is a whole move (and
  // the piece on c3, without liberties, is captured at once).
  auto t = at(g, "1,B1,1/1,R2,B1/3 r 0,5 0,0 0,0");
  play(*t, "b2-c3");
  EXPECT_EQ(t->owner(cell(*t, "c3")), kEmpty);
  EXPECT_EQ(t->score(kBlue), 1);
  EXPECT_EQ(t->height(cell(*t, "b2")), 1);
}

TEST(Moves, DistributionNotationErrorsNameTheProblem) {
  auto s = at(game(), "8/8/8/8/3,R3,4/8/8/8 r 10,10 0,0 0,0");
  EXPECT_NO_THROW(s->parse_move("d4-e5-f6"));
  EXPECT_NO_THROW(s->parse_move("d4-e5-d5"));
  EXPECT_THROW(s->parse_move("d4-e5"), GameError);     // wrong length
  EXPECT_THROW(s->parse_move("d4-e5-g7"), GameError);  // not a king step
  EXPECT_THROW(s->parse_move("d4-e5-d4"), GameError);  // revisits
  EXPECT_THROW(s->parse_move("d4-e5-e5"), GameError);  // revisits
  EXPECT_EQ(s->legal_moves().size(), 64u /* drops */ + 8 * 7 /* paths */);
}

TEST(Moves, EveryDistributionPathIsItsOwnMove) {
  // Height 3 in a corner of an empty 3x3: the paths a1-x-y.
  auto s = at(game({"width=3", "height=3"}), "3/3/R3,2 r 0,0 0,0 0,0");
  // Paths of two king steps from a1 through the other 8 squares:
  // a2: a3,b3,b2,b1 (4); b2: a2,a3,b3,c3,c2,c1,b1 (7); b1: a2,b2,c2,c1 (4).
  EXPECT_EQ(s->legal_moves().size(), 15u);
}

TEST(Moves, RescueReturnsExactlyAllPrisoners) {
  auto s = at(game(), "8/8/8/8/8/8/8/8 r 10,10 0,7 0,7");
  EXPECT_THROW(s->parse_move("R3"), GameError);
  EXPECT_THROW(s->parse_move("R"), GameError);
  play(*s, "R7");
  EXPECT_EQ(s->stock(kRed), 17);
  EXPECT_EQ(s->prisoners(kBlue), 0);
  EXPECT_EQ(s->score(kBlue), 7);
  EXPECT_THROW(s->parse_move("R7"), GameError);  // Red holds none of Blue's
}

TEST(Moves, PassOnlyWhenNothingElseIsLegal) {
  auto s = at(game({"width=3", "height=3"}), "3/3/3 r 0,0 0,0 0,0");
  EXPECT_EQ(move_texts(*s), std::vector<std::string>{"pass"});
  play(*s, "pass");
  EXPECT_EQ(s->pass_streak(), 1);
  auto t = game()->new_initial_state();
  EXPECT_THROW(t->parse_move("pass"), GameError);
}

TEST(Moves, PrisonerDrops) {
  const char* pos = "3/R1,2/1,R1,1 r 0,3 2,0 2,0";  // Red holds two Blue prisoners
  auto off = at(game({"width=3", "height=3"}), pos);
  EXPECT_THROW(off->parse_move("@c3"), GameError);
  auto g = game({"width=3", "height=3", "drop_prisoners=true"});
  auto s = at(g, pos);
  EXPECT_THROW(s->parse_move("@a2"), GameError);  // not empty
  play(*s, "@c3");
  EXPECT_EQ(s->owner(cell(*s, "c3")), kBlue);
  EXPECT_EQ(s->prisoners(kRed), 1);
  // Into Red's eye a1: captured at once and scored again.
  auto t = at(g, pos);
  play(*t, "@a1");
  EXPECT_EQ(t->owner(cell(*t, "a1")), kEmpty);
  EXPECT_EQ(t->score(kRed), 3);
  EXPECT_EQ(t->prisoners(kRed), 2);
  // Blue holds none: no prisoner drops.
  EXPECT_THROW(t->parse_move("@c3"), GameError);
}

TEST(Moves, CaptureSuffixIsIgnored) {
  auto s = at(game(), "8/8/8/8/8/8/8/8 r 10,10 0,0 0,0");
  EXPECT_EQ(s->parse_move("d4 X e4-e5"), s->parse_move("d4"));
}

TEST(Moves, MaxEyesForbidsASecondEye) {
  // 5x3: Red's group already has the eye a1; e2 would close e1 as a second.
  const char* pos = "2,B1,2/R1,R1,R1,R1,1/1,R1,R1,R1,1 r 5,5 0,0 0,0";
  auto s = at(game({"width=5", "height=3", "max_eyes_per_group=1"}), pos);
  EXPECT_THROW(s->parse_move("e2"), GameError);
  EXPECT_FALSE(offers(*s, s->inchworm_game().layout().drop(cell(*s, "e2"))));
  // e3 would close e1-e2 into a second eye; a3 makes none.
  EXPECT_FALSE(offers(*s, s->inchworm_game().layout().drop(cell(*s, "e3"))));
  EXPECT_TRUE(offers(*s, s->inchworm_game().layout().drop(cell(*s, "a3"))));
  auto two = at(game({"width=5", "height=3", "max_eyes_per_group=2"}), pos);
  EXPECT_NO_THROW(two->parse_move("e2"));
  auto off = at(game({"width=5", "height=3"}), pos);
  EXPECT_NO_THROW(off->parse_move("e2"));
  // With eye_max_size 1 a two-square region is no eye: d... e1 is one square,
  // so the limit still bites.
  auto sized = at(game({"width=5", "height=3", "max_eyes_per_group=1", "eye_max_size=1"}), pos);
  EXPECT_THROW(sized->parse_move("e2"), GameError);
}

TEST(Moves, MaxEdgesForbidsCornersWithOneEdge) {
  auto s = game({"width=3", "height=3", "max_edges_per_group=1"})->new_initial_state();
  EXPECT_THROW(s->parse_move("a1"), GameError);  // a corner touches two edges
  EXPECT_NO_THROW(s->parse_move("b1"));
  EXPECT_NO_THROW(s->parse_move("b2"));
  EXPECT_EQ(s->legal_moves().size(), 5u);  // b1, a2, b2, c2, b3
  auto cyl = game({"width=3", "height=3", "max_edges_per_group=1", "topology=cylinder"})
                 ->new_initial_state();
  EXPECT_NO_THROW(cyl->parse_move("a1"));  // the cylinder has no side edges
  EXPECT_EQ(cyl->legal_moves().size(), 9u);
  // A group reaching from the bottom to the top edge of a 3-high board.
  auto t = at(game({"width=3", "height=3", "max_edges_per_group=1", "topology=cylinder"}),
              "3/1,R1,1/1,R1,1 r 5,5 0,0 0,0");
  EXPECT_THROW(t->parse_move("b3"), GameError);
  EXPECT_NO_THROW(t->parse_move("a3"));  // not connected to b2
}

TEST(Moves, DecisionsUnderALimitNeverLeadToAnIllegalMove) {
  // Collect b2=b3 would make a group on both edges of a 3-high cylinder;
  // COLLECT_FROM[b2] is offered only because b2=b1 (one edge) is fine.
  auto g = game({"width=3", "height=3", "max_edges_per_group=1", "topology=cylinder"});
  const ActionLayout& L = g->layout();
  auto s = at(g, "1,R1,1/1,R1,1/1,R1,1 r 0,5 0,0 0,0");
  // Every stack on b1-b3 touches... the column already touches both edges:
  // no drop, no collect that keeps it; b1=b3 leaves one stack on the top edge.
  for (const Move& m : s->legal_moves()) {
    auto c = s->clone_state();
    c->apply_move(m);
    EXPECT_FALSE(c->in_compound_move());
  }
  EXPECT_TRUE(offers(*s, L.collect_from(cell(*s, "b1"))));
}

}  // namespace
}  // namespace inchzero::inchworm
