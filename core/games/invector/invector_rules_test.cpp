// One test (or a few) per paragraph of the Invector rules (seed 004 and
// RULINGS §2; docs/rules/invector.md).
#include <gtest/gtest.h>

#include "core/games/invector/invector_test_util.h"

namespace inchzero::invector {
namespace {

using testing::at;
using testing::has_move;
using testing::make;
using testing::moves;
using testing::play;
using testing::start;
using Set = std::set<std::string>;

// ---- Board and set-up ----

TEST(InvectorSetup, CheckerboardWithBlackOnA1AndBlackToMove) {
  auto game = make();
  auto s = start(*game);
  const Grid& g = game->grid();
  EXPECT_EQ(g.width(), 8);
  EXPECT_EQ(g.height(), 7);
  for (int c = 0; c < g.num_cells(); ++c)
    EXPECT_EQ(s->owner(c), (g.file_of(c) + g.rank_of(c)) % 2 == 0 ? kBlack : kWhite)
        << g.square_name(c);
  EXPECT_EQ(s->owner(g.parse_square("a1")), kBlack);
  EXPECT_EQ(s->stones(kBlack), 28);
  EXPECT_EQ(s->stones(kWhite), 28);
  EXPECT_EQ(s->current_player(), kBlack);
  EXPECT_EQ(s->ply(), 0);
  EXPECT_FALSE(s->is_terminal());
}

TEST(InvectorSetup, ExactlyOneEvenDimension) {
  EXPECT_NO_THROW(make({"width=4", "height=3"}));
  EXPECT_NO_THROW(make({"width=3", "height=4"}));
  EXPECT_NO_THROW(make({"width=16", "height=15"}));
  for (auto size : std::vector<std::vector<std::string>>{
           {"width=4", "height=4"}, {"width=5", "height=3"}, {"width=8", "height=8"}}) {
    try {
      make(size);
      ADD_FAILURE() << size[0] << " " << size[1] << " accepted";
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find("exactly one even dimension"), std::string::npos);
    }
  }
  EXPECT_THROW(make({"width=2"}), GameError);    // below the schema's range
  EXPECT_THROW(make({"height=17"}), GameError);  // above it
}

TEST(InvectorSetup, ShippedRuleSets) {
  EXPECT_EQ(make({}, "5x4")->grid().width(), 5);
  EXPECT_EQ(make({}, "5x4")->grid().height(), 4);
  EXPECT_FALSE(make({}, "no-pie")->pie());
  EXPECT_TRUE(make({}, "default")->pie());
}

// ---- The centre pits and the distance rule ----

TEST(InvectorCentre, TwoAdjacentCentrePitsOnTheMiddleOfTheEvenSide) {
  auto name = [](const InvectorGame& g, int i) { return g.grid().square_name(g.centre_pit(i)); };
  auto g87 = make();
  EXPECT_EQ(name(*g87, 0), "d4");
  EXPECT_EQ(name(*g87, 1), "e4");
  auto g54 = make({"width=5", "height=4"});
  EXPECT_EQ(name(*g54, 0), "c2");
  EXPECT_EQ(name(*g54, 1), "c3");
  auto g78 = make({"width=7", "height=8"});
  EXPECT_EQ(name(*g78, 0), "d4");
  EXPECT_EQ(name(*g78, 1), "d5");
  auto g43 = make({"width=4", "height=3"});
  EXPECT_EQ(name(*g43, 0), "b2");
  EXPECT_EQ(name(*g43, 1), "c2");
}

TEST(InvectorCentre, DistanceIsManhattanToTheNearerPit) {
  auto game = make();  // centre pits d4, e4
  auto d = [&](const char* sq) { return game->centre_distance(game->grid().parse_square(sq)); };
  EXPECT_EQ(d("d4"), 0);
  EXPECT_EQ(d("e4"), 0);
  EXPECT_EQ(d("a1"), 6);  // 3 + 3 to d4
  EXPECT_EQ(d("h7"), 6);  // 3 + 3 to e4
  EXPECT_EQ(d("h4"), 3);  // to e4, not 4 to d4
  EXPECT_EQ(d("e6"), 2);
  EXPECT_EQ(d("d6"), 2);
}

TEST(InvectorSteps, OnlyToAnEmptyPitStrictlyCloserToTheCentre) {
  auto game = make();
  // A lone Black stone on b6 (distance 4): c6 and b5 are at 3, a6 and b7 at 5.
  auto s = at(*game, "8/1b6/8/8/8/8/7w b - 10");
  EXPECT_EQ(moves(*s), (Set{"b6-c6", "b6-b5"}));
}

TEST(InvectorSteps, EqualDistanceIsNotCloser) {
  auto game = make();
  // e6 is 2 from e4, d6 is 2 from d4: sideways between them is not closer.
  auto s = at(*game, "8/4b3/8/8/8/8/7w b - 10");
  EXPECT_EQ(moves(*s), (Set{"e6-e5"}));
  try {
    s->parse_move("e6-d6");
    ADD_FAILURE() << "e6-d6 accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("not closer"), std::string::npos) << e.what();
  }
}

TEST(InvectorSteps, OddWidthBoardUsesTheVerticalCentrePair) {
  auto game = make({"width=5", "height=4"});  // centre pits c2, c3
  auto s = at(*game, "b4/5/5/2b1w b - 4");
  // a4 (3) -> a3 (2) or b4 (2); c1 (1) -> c2 (0) only; never away.
  EXPECT_EQ(moves(*s), (Set{"a4-a3", "a4-b4", "c1-c2"}));
}

TEST(InvectorSteps, NeverOntoOwnStone) {
  auto game = make();
  auto s = at(*game, "8/8/2bb4/8/8/8/7w b - 10");  // c5 (2), d5 (1)
  EXPECT_FALSE(has_move(*s, "c5-d5"));
  EXPECT_TRUE(has_move(*s, "c5-c4"));
  EXPECT_TRUE(has_move(*s, "d5-d4"));
}

TEST(InvectorSteps, AStoneOnACentrePitCannotStep) {
  auto game = make();
  auto s = at(*game, "8/8/8/3b4/8/8/7w b - 10");
  EXPECT_EQ(moves(*s), (Set{"pass"}));
}

// ---- Captures ----

TEST(InvectorCaptures, ByReplacementInEveryDirectionEvenAwayFromTheCentre) {
  auto game = make({"width=5", "height=4"});
  auto s = at(*game, "2w2/1wbw1/2w2/5 b - 2");
  EXPECT_EQ(moves(*s), (Set{"c3xc4", "c3xb3", "c3xd3", "c3xc2"}));
  play(*s, {"c3xc4"});
  EXPECT_EQ(s->owner(game->grid().parse_square("c4")), kBlack);
  EXPECT_EQ(s->owner(game->grid().parse_square("c3")), kNoStone);
  EXPECT_EQ(s->stones(kWhite), 3);
  EXPECT_EQ(s->current_player(), kWhite);
}

TEST(InvectorCaptures, OnlyOrthogonallyAdjacent) {
  auto game = make({"width=5", "height=4"});
  // White on the four diagonal neighbours of Black's c2 (a centre pit, so
  // it cannot step either): nothing to capture, the turn is skipped.
  auto s = at(*game, "5/1w1w1/2b2/1w1w1 b - 2");
  EXPECT_EQ(moves(*s), (Set{"pass"}));
}

TEST(InvectorCaptures, TheFullStartOffersEveryAdjacentPair) {
  // On a full checkerboard every orthogonal adjacency is Black-White, and no
  // pit is empty, so Black's moves are exactly the adjacent pairs.
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  EXPECT_EQ(s->legal_moves().size(), 4u * 4u + 5u * 3u);
  for (const auto& m : moves(*s)) EXPECT_EQ(m[2], 'x') << m;
}

// ---- Skipped turns ----

TEST(InvectorPass, OnlyWhenNoOtherMove) {
  auto game = make({"width=5", "height=4"});
  // Black: c3 on a centre pit, c4 blocked by it; White a1 far away.
  auto s = at(*game, "2b2/2b2/5/w4 b - 6");
  EXPECT_EQ(moves(*s), (Set{"pass"}));
  play(*s, {"pass"});
  EXPECT_EQ(s->current_player(), kWhite);
  EXPECT_EQ(s->ply(), 7);
  EXPECT_EQ(moves(*s), (Set{"a1-b1", "a1-a2"}));
  auto fresh = start(*game);
  EXPECT_THROW(fresh->parse_move("pass"), GameError);
}

// ---- Pie rule ----

TEST(InvectorPie, WhiteMaySwapOnItsFirstTurnOnly) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  EXPECT_FALSE(s->swap_available());  // Black's first turn
  play(*s, {"c3xc4"});
  EXPECT_TRUE(has_move(*s, "swap"));
  const std::string board_before = s->to_position().substr(0, s->to_position().find(' '));
  const size_t white_moves_before = s->legal_moves().size();
  play(*s, {"swap"});
  // The board is unchanged, White moves again, the swap counted as a ply.
  EXPECT_EQ(s->to_position().substr(0, s->to_position().find(' ')), board_before);
  EXPECT_EQ(s->current_player(), kWhite);
  EXPECT_EQ(s->ply(), 2);
  EXPECT_FALSE(has_move(*s, "swap"));
  EXPECT_EQ(s->legal_moves().size(), white_moves_before - 1);
  play(*s, {"b3-c3"});
  EXPECT_EQ(s->current_player(), kBlack);
}

TEST(InvectorPie, NoSwapAfterWhitesFirstMove) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  play(*s, {"c3xc4", "b3-c3", "b2xc2"});
  EXPECT_EQ(s->current_player(), kWhite);
  EXPECT_FALSE(has_move(*s, "swap"));
  EXPECT_THROW(s->parse_move("swap"), GameError);
}

TEST(InvectorPie, OffWithPieFalse) {
  auto game = make({"width=5", "height=4", "pie=false"});
  auto s = start(*game);
  play(*s, {"c3xc4"});
  EXPECT_FALSE(has_move(*s, "swap"));
  EXPECT_THROW(s->parse_move("swap"), GameError);
  EXPECT_THROW(at(*game, "bwbwb/wbwbw/bwbwb/wbwbw w p 1"), GameError);
}

// ---- Winning, and the optional cap ----

TEST(InvectorEnd, CapturingTheLastStoneWins) {
  auto game = make({"width=5", "height=4"});
  auto s = at(*game, "2w2/2b2/5/5 b - 9");
  play(*s, {"c3xc4"});
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kBlack);
  EXPECT_EQ(s->end_reason(), EndReason::kNoStones);
  EXPECT_TRUE(s->legal_actions().empty());
  EXPECT_THROW(s->parse_move("pass"), GameError);
}

TEST(InvectorEnd, APositionWithoutStonesForTheSideToMoveIsLost) {
  auto game = make({"width=5", "height=4"});
  auto s = at(*game, "2b2/5/5/5 w - 9");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kBlack);
  // The other way round cannot arise: the side that just moved has stones.
  EXPECT_THROW(at(*game, "2b2/5/5/5 b - 9"), GameError);
}

TEST(InvectorEnd, MaxPliesEndsInADrawUnlessTheLastPlyWins) {
  auto capped = make({"width=5", "height=4", "max_plies=2"});
  auto s = start(*capped);
  play(*s, {"c3xc4"});
  EXPECT_FALSE(s->is_terminal());
  play(*s, {"swap"});
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kCap);
  EXPECT_EQ(s->winner(), kNoPlayer);
  auto win = at(*capped, "2w2/2b2/5/5 b - 1");
  play(*win, {"c3xc4"});
  EXPECT_EQ(win->end_reason(), EndReason::kNoStones);
  EXPECT_EQ(win->winner(), kBlack);
  // Without a cap (the default) nothing ends the game but a lost army.
  EXPECT_EQ(make()->max_plies(), 0);
}

}  // namespace
}  // namespace inchzero::invector
