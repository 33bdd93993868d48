// Set-up, skipped turns and the end of the game (RULINGS §3).
#include <gtest/gtest.h>

#include "core/games/steere_inchworm/steere_test_util.h"

namespace inchzero::steere {
namespace {

using testing::at;
using testing::make;
using testing::make5;
using testing::moves;
using testing::play;
using testing::start;
using Set = std::set<std::string>;

TEST(SteereSetup, CheckerboardOfSinglesRedOnA1RedToMove) {
  auto game = make();
  auto s = start(*game);
  const Grid& g = game->grid();
  EXPECT_EQ(g.width(), 6);
  EXPECT_EQ(g.height(), 7);
  for (int c = 0; c < g.num_cells(); ++c) {
    EXPECT_EQ(s->board().owner[c], (g.file_of(c) + g.rank_of(c)) % 2 == 0 ? kRed : kBlue);
    EXPECT_EQ(s->board().height[c], 1);
  }
  EXPECT_EQ(s->on_board(kRed), 21);
  EXPECT_EQ(s->on_board(kBlue), 21);
  EXPECT_EQ(s->current_player(), kRed);
  // Every stack starts lone: 42 worms of length one.
  EXPECT_EQ(s->worms(kRed).size() + s->worms(kBlue).size(), 42u);
}

TEST(SteereSetup, OddBoardGivesRedOneMore) {
  auto s = start(*make5());
  EXPECT_EQ(s->on_board(kRed), 13);
  EXPECT_EQ(s->on_board(kBlue), 12);
}

TEST(SteereSetup, SizesAndShippedRuleSets) {
  EXPECT_EQ(make({}, "8x9")->grid().width(), 8);
  EXPECT_EQ(make({}, "8x9")->grid().height(), 9);
  EXPECT_EQ(make({}, "default")->max_plies(), 1000);
  EXPECT_NO_THROW(make({"width=3", "height=16"}));
  EXPECT_THROW(make({"width=2"}), GameError);
  EXPECT_THROW(make({"height=17"}), GameError);
  EXPECT_THROW(make({"max_plies=-1"}), GameError);
}

TEST(SteereSetup, OnlyBearOffsAtTheStart) {
  // The board is full, so moves 3 to empty squares are impossible; Red's
  // checkers on the far rank (a7 c7 e7) and right file (f2 f4 f6) leave.
  EXPECT_EQ(moves(*start(*make())),
            (Set{"a7-off", "c7-off", "e7-off", "f2-off", "f4-off", "f6-off"}));
}

TEST(SteerePass, OnlyWhenNoMoveAndItCountsAsAPly) {
  auto s = at(*make5(), "...../..b../..rb./...../..... r 0 0 4");
  EXPECT_EQ(moves(*s), (Set{"pass"}));
  play(*s, {"pass"});
  EXPECT_EQ(s->current_player(), kBlue);
  EXPECT_EQ(s->ply(), 5);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_THROW(start(*make())->parse_move("pass"), GameError);
}

TEST(SteereEnd, MaxPliesIsADrawWithReasonCap) {
  auto game = make({"max_plies=2"});
  auto s = start(*game);
  play(*s, {"a7-off"});
  EXPECT_FALSE(s->is_terminal());
  play(*s, {"b7-a7"});
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kNoPlayer);
  EXPECT_EQ(s->end_reason(), EndReason::kCap);
  EXPECT_TRUE(s->legal_actions().empty());
}

TEST(SteereEnd, BearingOffTheLastCheckerBeatsTheCap) {
  auto game = make({"width=5", "height=5", "max_plies=5"});
  auto s = at(*game, "....r/...../...../...../b.... r 12 11 4");
  play(*s, {"e5-off"});
  EXPECT_EQ(s->end_reason(), EndReason::kBearOff);
  EXPECT_EQ(s->winner(), kRed);
}

TEST(SteereEnd, CapZeroIsOff) {
  auto game = make({"width=3", "height=3", "max_plies=0"});
  auto s = start(*game);
  for (int i = 0; i < 2000 && !s->is_terminal(); ++i) s->apply_action(s->legal_actions().front());
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kBearOff);
}

TEST(SteereEnd, APlayerWithoutCheckersHasWon) {
  // Loaded positions: the side not to move without checkers has won; the side
  // to move without checkers cannot arise.
  auto s = at(*make5(), "....b/...../...../...../..... b 13 11 30");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kRed);
  EXPECT_EQ(s->end_reason(), EndReason::kBearOff);
  EXPECT_THROW(at(*make5(), "....b/...../...../...../..... r 13 11 30"), GameError);
}

}  // namespace
}  // namespace inchzero::steere
