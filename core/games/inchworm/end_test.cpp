// End conditions in their order, each option that changes an outcome, and
// handicap stocks.
#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"
#include "core/perft.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::game;
using testing::play;

const char* kFigure4b = "8/8/8/4,B9,3/3,R1,R7,3/3,R1,4/8/8 b 16,16 0,0 0,0";
const char* kFigure5Move = "e5-f4-e3-d2-c3-c4-d5-d6-d7";

TEST(End, TargetScoreHigherWins) {
  auto s = at(game({"target_score=9"}), kFigure4b);
  play(*s, kFigure5Move);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kTarget);
  EXPECT_EQ(s->winner(), kBlue);
  EXPECT_TRUE(s->legal_moves().empty());
  auto off = at(game({"target_score=0"}), "8/8/8/8/8/8/8/8 r 1,1 0,0 500,0");
  EXPECT_FALSE(off->is_terminal());
  auto below = at(game({"target_score=10"}), kFigure4b);
  play(*below, kFigure5Move);
  EXPECT_FALSE(below->is_terminal());
}

TEST(End, TargetReachedWithEqualScoresIsADraw) {
  auto s = at(game({"target_score=5"}), "8/8/8/8/8/8/8/8 r 1,1 0,0 5,5");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kTarget);
  EXPECT_EQ(s->winner(), kNoPlayer);
}

TEST(End, TargetComesBeforeTheCap) {
  auto s = at(game({"target_score=9", "max_plies=1"}), kFigure4b);
  play(*s, kFigure5Move);
  EXPECT_EQ(s->end_reason(), EndReason::kTarget);
}

TEST(End, NoCaptureLimit) {
  auto g = game({"no_capture_limit=4"});
  auto s = at(g, "8/8/8/8/8/8/8/8 r 10,10 0,0 3,1");
  play(*s, "a1 h8 b1");
  EXPECT_FALSE(s->is_terminal());
  play(*s, "g8");
  EXPECT_EQ(s->end_reason(), EndReason::kNoCaptureLimit);
  EXPECT_EQ(s->winner(), kRed);  // higher score
  // Off by default.
  auto off = at(game(), "8/8/8/8/8/8/8/8 r 10,10 0,0 3,1 0 400 0");
  play(*off, "a1");
  EXPECT_FALSE(off->is_terminal());
}

TEST(End, NoCaptureLimitCountsPassesAndResetsOnCapture) {
  // Nobody can move (no stock, no stacks): passes count toward the limit
  // (and the stalemate comes later in the order).
  auto s = at(game({"width=3", "height=3", "no_capture_limit=2"}), "3/3/3 r 0,0 0,0 0,0");
  play(*s, "pass pass");
  EXPECT_EQ(s->end_reason(), EndReason::kNoCaptureLimit);
  // A capture resets the count.
  auto t =
      at(game({"width=3", "height=3", "no_capture_limit=2"}), "3/3/R1,B1,R1 r 5,5 0,0 0,0 0 1 0");
  play(*t, "b2");  // captures b1
  EXPECT_EQ(t->plies_since_capture(), 0);
  play(*t, "c3");
  EXPECT_FALSE(t->is_terminal());
  play(*t, "a3");
  EXPECT_EQ(t->end_reason(), EndReason::kNoCaptureLimit);
  EXPECT_EQ(t->winner(), kRed);
}

TEST(End, NoCaptureLimitPerPiece) {
  // 9 plies without capture, 2 pieces on the board; a rescue keeps them 2.
  const char* pos = "8/8/8/8/8/8/8/R1,B1,6 r 10,10 0,1 0,1 10 9 0";
  auto ends = at(game({"no_capture_limit=4", "no_capture_limit_per_piece=3"}), pos);
  EXPECT_FALSE(ends->is_terminal());  // 9 < 4 + 3 x 2
  play(*ends, "R1");                  // 10 >= 4 + 3 x 2
  EXPECT_EQ(ends->end_reason(), EndReason::kNoCaptureLimit);
  EXPECT_EQ(ends->winner(), kBlue);
  auto goes_on = at(game({"no_capture_limit=4", "no_capture_limit_per_piece=4"}), pos);
  play(*goes_on, "R1");  // 10 < 4 + 4 x 2
  EXPECT_FALSE(goes_on->is_terminal());
}

// Red and Blue each distribute a stack of 2 and collect it back: the full
// state after four plies equals the start.
const char* kCycle = "5/5/5/5/R2,3,B2 r 0,0 0,0 0,0";
const char* kCycleMoves = "a1-b1 e1-d1 b1=a1 d1=e1";

TEST(End, RepetitionDrawOnTheThirdOccurrence) {
  auto s = at(game({"width=5", "height=5"}), kCycle);
  play(*s, kCycleMoves);
  EXPECT_FALSE(s->is_terminal());  // second occurrence
  play(*s, kCycleMoves);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kRepetition);
  EXPECT_EQ(s->winner(), kNoPlayer);
  EXPECT_EQ(s->ply(), 8);
}

TEST(End, RepetitionOptions) {
  auto two = at(game({"width=5", "height=5", "repetition_draw=2"}), kCycle);
  play(*two, kCycleMoves);
  EXPECT_EQ(two->end_reason(), EndReason::kRepetition);
  auto off = at(game({"width=5", "height=5", "repetition_draw=0"}), kCycle);
  for (int i = 0; i < 5; ++i) play(*off, kCycleMoves);
  EXPECT_FALSE(off->is_terminal());
}

TEST(End, CapDrawOrScore) {
  auto draw = at(game({"max_plies=3"}), "8/8/8/8/8/8/8/8 r 10,10 0,0 4,2");
  play(*draw, "a1 b2");
  EXPECT_FALSE(draw->is_terminal());
  play(*draw, "c3");
  EXPECT_EQ(draw->end_reason(), EndReason::kCap);
  EXPECT_EQ(draw->winner(), kNoPlayer);
  auto score = at(game({"max_plies=3", "cap_result=score"}), "8/8/8/8/8/8/8/8 r 10,10 0,0 4,2");
  play(*score, "a1 b2 c3");
  EXPECT_EQ(score->winner(), kRed);
  auto off = at(game({"max_plies=0"}), "8/8/8/8/8/8/8/8 r 10,10 0,0 0,0 5000 0 0");
  play(*off, "a1");
  EXPECT_FALSE(off->is_terminal());
}

TEST(End, StalemateDrawOrScore) {
  auto s = at(game({"width=3", "height=3"}), "3/3/3 r 0,0 0,0 2,1");
  play(*s, "pass");
  EXPECT_FALSE(s->is_terminal());
  play(*s, "pass");
  EXPECT_EQ(s->end_reason(), EndReason::kStalemate);
  EXPECT_EQ(s->winner(), kNoPlayer);
  auto score = at(game({"width=3", "height=3", "stalemate_result=score"}), "3/3/3 r 0,0 0,0 2,1");
  play(*score, "pass pass");
  EXPECT_EQ(score->winner(), kRed);
}

TEST(End, HandicapStocks) {
  auto s = game({"stock_red=20"})->new_initial_state();
  EXPECT_EQ(s->stock(kRed), 20);
  EXPECT_EQ(s->stock(kBlue), 25);
  auto t = game({"stock=10", "stock_blue=7"})->new_initial_state();
  EXPECT_EQ(t->stock(kRed), 10);
  EXPECT_EQ(t->stock(kBlue), 7);
}

TEST(End, FinishedGameHasNoMovesAndPerftZero) {
  auto s = at(game({"target_score=5"}), "8/8/8/8/8/8/8/8 r 1,1 0,0 5,0");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_TRUE(s->legal_actions().empty());
  EXPECT_TRUE(s->legal_moves().empty());
  EXPECT_THROW(s->parse_move("a1"), GameError);
  EXPECT_EQ(perft(*s, 0), 1u);  // the position itself
  for (int depth = 1; depth <= 3; ++depth) {
    EXPECT_EQ(perft(*s, depth), 0u) << depth;
    EXPECT_EQ(generic_perft(*s, depth), 0u) << depth;
  }
  EXPECT_TRUE(perft_divide(*s, 2).empty());
  // A game that ended by a move counts 0 as well (each end reason).
  auto target = at(game({"target_score=9"}), kFigure4b);
  play(*target, kFigure5Move);
  ASSERT_EQ(target->end_reason(), EndReason::kTarget);
  auto stalemate = at(game({"width=3", "height=3"}), "3/3/3 r 0,0 0,0 2,1");
  play(*stalemate, "pass pass");
  ASSERT_EQ(stalemate->end_reason(), EndReason::kStalemate);
  auto cap = at(game({"max_plies=1"}), "8/8/8/8/8/8/8/8 r 10,10 0,0 0,0");
  play(*cap, "a1");
  ASSERT_EQ(cap->end_reason(), EndReason::kCap);
  for (const InchwormState* finished : {target.get(), stalemate.get(), cap.get()}) {
    EXPECT_EQ(perft(*finished, 1), 0u) << finished->end_reason();
    EXPECT_EQ(perft(*finished, 2), 0u) << finished->end_reason();
  }
  // The position one move before the cap: every move ends the game, so
  // depth 1 counts the moves and depth 2 nothing.
  auto before_cap = at(game({"width=3", "height=3", "max_plies=1"}), "3/3/3 r 1,1 0,0 0,0");
  EXPECT_EQ(perft(*before_cap, 1), 9u);  // a drop on each square
  EXPECT_EQ(perft(*before_cap, 2), 0u);
}

}  // namespace
}  // namespace inchzero::inchworm
