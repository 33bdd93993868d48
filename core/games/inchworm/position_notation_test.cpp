// Position notation: round trip, defaults, and errors that name the problem.
#include <gtest/gtest.h>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

using testing::at;
using testing::cell;
using testing::game;

TEST(PositionNotation, InitialPositionAndRoundTrip) {
  auto g = game();
  EXPECT_EQ(g->new_initial_state()->to_position(), "8/8/8/8/8/8/8/8 r 25,25 0,0 0,0 0 0 0");
  const std::string text = "R12,7/8/8/3,B2,R1,3/8/8/8/7,B1 b 3,4 5,6 7,8 90 12 1";
  auto s = at(g, text);
  EXPECT_EQ(s->to_position(), text);
  EXPECT_EQ(s->height(cell(*s, "a8")), 12);
  EXPECT_EQ(s->owner(cell(*s, "d5")), kBlue);
  EXPECT_EQ(s->owner(cell(*s, "h1")), kBlue);
  EXPECT_EQ(s->stock(kBlue), 4);
  EXPECT_EQ(s->prisoners(kRed), 5);
  EXPECT_EQ(s->score(kBlue), 8);
  EXPECT_EQ(s->ply(), 90);
  EXPECT_EQ(s->plies_since_capture(), 12);
  EXPECT_EQ(s->pass_streak(), 1);
  // Commas are optional where a letter follows; counters default to 0.
  auto t = at(g, "R12,7/8/8/3B2R1,3/8/8/8/7B1 b 3,4 5,6 7,8");
  EXPECT_EQ(t->to_position(), "R12,7/8/8/3,B2,R1,3/8/8/8/7,B1 b 3,4 5,6 7,8 0 0 0");
}

TEST(PositionNotation, ErrorsNameTheProblem) {
  auto g = game();
  auto message = [&](const std::string& text) {
    try {
      g->new_state_from_position(text);
    } catch (const GameError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("8/8/8 r 25,25 0,0 0,0").find("ranks"), std::string::npos);
  EXPECT_NE(message("9/8/8/8/8/8/8/8 r 25,25 0,0 0,0").find("rank 8"), std::string::npos);
  EXPECT_NE(message("7/8/8/8/8/8/8/8 r 25,25 0,0 0,0").find("rank 8 has 7"), std::string::npos);
  EXPECT_NE(message("X1,7/8/8/8/8/8/8/8 r 25,25 0,0 0,0").find("unexpected 'X'"),
            std::string::npos);
  EXPECT_NE(message("R0,7/8/8/8/8/8/8/8 r 25,25 0,0 0,0").find("height"), std::string::npos);
  EXPECT_NE(message("8/8/8/8/8/8/8/8 x 25,25 0,0 0,0").find("side to move"), std::string::npos);
  EXPECT_NE(message("8/8/8/8/8/8/8/8 r 25 0,0 0,0").find("stocks"), std::string::npos);
  EXPECT_NE(message("8/8/8/8/8/8/8/8 r 25,25 0,-1 0,0").find("prisoners"), std::string::npos);
  EXPECT_NE(message("8/8/8/8/8/8/8/8 r 25,25 0,0 0,0 0 0 3").find("passes"), std::string::npos);
  EXPECT_NE(message("8/8/8/8/8/8/8/8 r").find("fields"), std::string::npos);
}

TEST(PositionNotation, GroupLimitsNeverForbidAPass) {
  // Red's lone corner stack touches two edges: with max_edges_per_group 1
  // every move that keeps it is illegal, so Red must pass.
  auto s = at(game({"width=3", "height=3", "max_edges_per_group=1"}), "3/3/R1,2 r 1,0 0,0 0,0");
  ASSERT_EQ(s->legal_moves().size(), 1u);
  EXPECT_EQ(s->move_to_string(s->legal_moves()[0]), "pass");
  testing::play(*s, "pass pass");
  EXPECT_EQ(s->end_reason(), EndReason::kStalemate);
}

}  // namespace
}  // namespace inchzero::inchworm
