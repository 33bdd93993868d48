// The five move types, bearing off, mergers and the worm constraint
// (RULINGS §3, "Moves" and "Mergers"). Hand-made 5 x 5 positions; the
// expected sets are worked out in the comments.
#include <gtest/gtest.h>

#include "core/games/steere_inchworm/steere_test_util.h"

namespace inchzero::steere {
namespace {

using testing::at;
using testing::make5;
using testing::moves;
using testing::play;
using Set = std::set<std::string>;

Set moves_at(const std::string& position) { return moves(*at(*make5(), position)); }

// ---- 1. Big stacks of body and tail onto the head; 4. big stacks next to the head ----

TEST(SteereMoves, Type1And4BigStacksOfBodyAndTail) {
  // Worm a1 (2, tail) - a2 (3, body) - a3 (1, head). Onto the head: a1, a2.
  // Next to the head and forward of the tail's rank 1: a4, b3.
  EXPECT_EQ(moves_at("....b/...../r..../r3..../r2.... r 0 0 0"),
            (Set{"a1-a3", "a2-a3", "a1-a4", "a1-b3", "a2-a4", "a2-b3"}));
}

TEST(SteereMoves, Type4FromTheHeadItselfAndBackwardOfTheHead) {
  // Worm b1 (1, tail) - b2 (2, head). b1 onto the head (2). Next to the head:
  // b3, c2 and a2, all on a rank forward of the tail's rank 1 — a2 lies to
  // the head's left but still qualifies. Both the head's big stack (4) and
  // the single tail (5) may go there.
  EXPECT_EQ(moves_at("....b/...../...../.r2.../.r... r 0 0 0"),
            (Set{"b1-b2", "b2-b3", "b2-c2", "b2-a2", "b1-b3", "b1-c2", "b1-a2"}));
}

TEST(SteereMoves, BodySinglesAndTheHeadSingleDoNotMove) {
  // a1-a2-a3 all singles: only the tail moves (2 and 5).
  EXPECT_EQ(moves_at("....b/...../r..../r..../r.... r 0 0 0"), (Set{"a1-a3", "a1-a4", "a1-b3"}));
}

// ---- 2 and 5. A single tail ----

TEST(SteereMoves, Type2And5SingleTail) {
  // Worm a1 (tail) - a2 - b2 (head). Onto the head: a1-b2. Next to b2: b3
  // (forward of rank 1), c2 (forward), b1 (same rank as the tail but right of
  // its file a).
  EXPECT_EQ(moves_at("....b/...../...../rr.../r.... r 0 0 0"),
            (Set{"a1-b2", "a1-b3", "a1-c2", "a1-b1"}));
}

TEST(SteereMoves, TargetsMustBeForwardOrRightOfTheTail) {
  // Worm d1 (tail) - d2 - c2 (head, on the higher rank). Next to c2: c3 and b2
  // lie forward of rank 1; c1 is neither forward (rank 1) nor right (file c
  // is left of d) of the tail: not a move.
  EXPECT_EQ(moves_at("b..../...../...../..rr./...r. r 0 0 0"), (Set{"d1-c2", "d1-c3", "d1-b2"}));
}

// ---- 3. Lone stacks ----

TEST(SteereMoves, Type3LoneSingleForwardOrRight) {
  EXPECT_EQ(moves_at("....b/...../..r../...../..... r 0 0 0"), (Set{"c3-c4", "c3-d3"}));
}

TEST(SteereMoves, Type3LoneBigStackMovesItsTopChecker) {
  auto s = at(*make5(), "....b/...../..r3../...../..... r 0 0 0");
  EXPECT_EQ(moves(*s), (Set{"c3-c4", "c3-d3"}));
  play(*s, {"c3-c4"});
  EXPECT_EQ(s->board().height[s->steere().grid().parse_square("c3")], 2);
  EXPECT_EQ(s->board().height[s->steere().grid().parse_square("c4")], 1);
  const std::vector<Worm> worms = s->worms(kRed);
  ASSERT_EQ(worms.size(), 1u);
  EXPECT_EQ(s->steere().grid().square_name(worms[0].head), "c4");
}

TEST(SteereMoves, Type3OnlyToEmptySquares) {
  // c3 is blocked forward (c4) and right (d3): Red has no move and passes.
  auto s = at(*make5(), "...../..b../..rb./...../..... r 0 0 4");
  EXPECT_EQ(moves(*s), (Set{"pass"}));
}

TEST(SteereMoves, BlueLoneSingleMovesDownOrLeft) {
  EXPECT_EQ(moves_at("r..../...../..b../...../..... b 0 0 0"), (Set{"c3-c2", "c3-b3"}));
}

// ---- Bearing off ----

TEST(SteereBearOff, LoneCheckersLeaveByTheFarRankOrRightFile) {
  EXPECT_EQ(moves_at("..r../...../...../...../b.... r 0 0 0"), (Set{"c5-off", "c5-d5"}));
  EXPECT_EQ(moves_at("...../...../....r/...../b.... r 0 0 0"), (Set{"e3-off", "e3-e4"}));
  // The corner: off forward and off right are the same move.
  EXPECT_EQ(moves_at("....r/...../...../...../b.... r 0 0 0"), (Set{"e5-off"}));
  // Blue's far rank is rank 1 and its right file is file a.
  EXPECT_EQ(moves_at("....r/...../...../...../..b.. b 0 0 0"), (Set{"c1-off", "c1-b1"}));
  EXPECT_EQ(moves_at("....r/...../b..../...../..... b 0 0 0"), (Set{"a3-off", "a3-a2"}));
  EXPECT_EQ(moves_at("....r/...../...../...../b.... b 0 0 0"), (Set{"a1-off"}));
  // Beyond the near or left edge is not a move: a lone Red a1 goes a2 or b1.
  EXPECT_EQ(moves_at("....b/...../...../...../r.... r 0 0 0"), (Set{"a1-a2", "a1-b1"}));
}

TEST(SteereBearOff, VirtualSquareBeyondTheFarEdgeForMoves4And5) {
  // Worm c4 (2, tail) - c5 (head, far rank). Next to the head: the virtual
  // square beyond the far edge (forward of the tail), b5 and d5.
  EXPECT_EQ(moves_at("..r../..r2../...../...../b.... r 0 0 0"),
            (Set{"c4-c5", "c4-off", "c4-b5", "c4-d5"}));
}

TEST(SteereBearOff, VirtualSquareBeyondTheRightEdgeForMoves4And5) {
  // Worm d2 (tail) - e2 (head, right file): e3 (forward), e1 (right of file d)
  // and the virtual square beyond the right edge; d2 itself never qualifies.
  EXPECT_EQ(moves_at("b..../...../...../...rr/..... r 0 0 0"),
            (Set{"d2-e2", "d2-e3", "d2-e1", "d2-off"}));
}

TEST(SteereBearOff, VirtualSquareCountsEvenWhenTheTailIsOnTheFarRankToo) {
  // Worm b5 (tail) - c5 (head): the virtual square beyond the far edge counts
  // as forward of the tail although both stand on the far rank.
  EXPECT_EQ(moves_at(".rr../...../...../...../....b r 0 0 0"),
            (Set{"b5-c5", "b5-off", "b5-d5", "b5-c4"}));
}

TEST(SteereBearOff, BearingOffCountsAndTheLastCheckerWins) {
  auto s = at(*make5(), "r.r../...../...../...../b.b.. r 3 7 20");
  play(*s, {"a5-off"});
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->borne_off(kRed), 4);
  EXPECT_EQ(s->on_board(kRed), 1);
  play(*s, {"c1-off", "c5-off"});
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kRed);
  EXPECT_EQ(s->end_reason(), EndReason::kBearOff);
  EXPECT_EQ(s->borne_off(kRed), 5);
  EXPECT_TRUE(s->legal_actions().empty());
}

TEST(SteereBearOff, AStackLeavesOneCheckerAtATime) {
  auto s = at(*make5(), "....r3/...../...../...../b.... r 0 0 0");
  play(*s, {"e5-off"});
  EXPECT_EQ(s->board().height[s->steere().grid().parse_square("e5")], 2);
  EXPECT_EQ(s->borne_off(kRed), 1);
  EXPECT_FALSE(s->is_terminal());
}

// ---- Mergers and the worm constraint ----

TEST(SteereMergers, TwoWormsMerge) {
  // Lone b1 steps forward to b2, next to the tail c2 of worm c2-c3.
  auto s = at(*make5(), "....b/...../..r../..r../.r... r 0 0 0");
  play(*s, {"b1-b2"});
  const std::vector<Worm> worms = s->worms(kRed);
  ASSERT_EQ(worms.size(), 1u);
  EXPECT_EQ(worms[0].length, 3);
  EXPECT_EQ(s->steere().grid().square_name(worms[0].head), "c3");
  EXPECT_EQ(s->steere().grid().square_name(worms[0].tail), "b2");
}

TEST(SteereMergers, ThreeWormsMerge) {
  // Lone b1 steps to b2 between lone a2 and lone c2: one worm a2-b2-c2,
  // head c2 (same rank, further right).
  auto s = at(*make5(), "....b/...../...../r.r../.r... r 0 0 0");
  play(*s, {"b1-b2"});
  const std::vector<Worm> worms = s->worms(kRed);
  ASSERT_EQ(worms.size(), 1u);
  EXPECT_EQ(worms[0].length, 3);
  EXPECT_EQ(s->steere().grid().square_name(worms[0].head), "c2");
}

TEST(SteereMergers, ABranchIsIllegal) {
  // b2 would touch a2, c2 and b3: three neighbours. b1-c1 (next to c2 only)
  // stays legal.
  const Set m = moves_at("....b/...../.r.../r.r../.r... r 0 0 0");
  EXPECT_EQ(m.count("b1-b2"), 0u);
  EXPECT_EQ(m.count("b1-c1"), 1u);
}

TEST(SteereMergers, ALoopIsIllegal) {
  // b2 would touch a2 and b3 of the worm a2-a3-b3 and close a loop.
  const Set m = moves_at("....b/...../rr.../r..../.r... r 0 0 0");
  EXPECT_EQ(m.count("b1-b2"), 0u);
  EXPECT_EQ(m.count("b1-c1"), 1u);
  try {
    at(*make5(), "....b/...../rr.../r..../.r... r 0 0 0")->parse_move("b1-b2");
    ADD_FAILURE() << "b1-b2 accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("not a legal move"), std::string::npos) << e.what();
  }
}

TEST(SteereMergers, AMoveNextToAnotherWormsBodyIsIllegal) {
  // Worm c1 (2, tail) - c2 (head) and worm e1-e2-e3 (head e3, body e2). The
  // top of c1 may go onto c2 (1) or next to c2 on c3 or b2 (4), but not on
  // d2: d2 touches e2, which would get a third neighbour. Worm e: e1 onto e3,
  // or next to it on e4, d3, or off the right edge.
  EXPECT_EQ(moves_at("b..../...../....r/..r.r/..r2.r r 0 0 0"),
            (Set{"c1-c2", "c1-c3", "c1-b2", "e1-e3", "e1-e4", "e1-d3", "e1-off"}));
}

}  // namespace
}  // namespace inchzero::steere
