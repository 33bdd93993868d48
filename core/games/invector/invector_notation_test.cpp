// Move and position notation of Invector: canonical output, strict parsing
// with messages that say what is wrong.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/games/invector/invector_test_util.h"

namespace inchzero::invector {
namespace {

using testing::at;
using testing::make;
using testing::start;

std::string error_of(const State& s, const std::string& text) {
  try {
    s.parse_move(text);
  } catch (const GameError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(InvectorNotation, StepsCapturesSwapPass) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  const Move capture = s->parse_move("c3xc4");
  EXPECT_EQ(s->move_to_string(capture), "c3xc4");
  EXPECT_EQ(capture, (Move{game->step_action(game->grid().parse_square("c3"), kNorth)}));
  s->apply_move(capture);
  EXPECT_EQ(s->move_to_string(s->parse_move("swap")), "swap");
  EXPECT_EQ(s->move_to_string(s->parse_move("b3-c3")), "b3-c3");
  auto stuck = at(*game, "2b2/2b2/5/w4 b - 6");
  EXPECT_EQ(stuck->move_to_string(stuck->parse_move("pass")), "pass");
}

TEST(InvectorNotation, ErrorsSayWhy) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  EXPECT_NE(error_of(*s, "c3c4").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "C3xC4").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "c3xf4").find("malformed"), std::string::npos);  // no file f
  EXPECT_NE(error_of(*s, "c3xc04").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "c3xd4").find("not orthogonally adjacent"), std::string::npos);
  EXPECT_NE(error_of(*s, "c4xc3").find("no Black stone on c4"), std::string::npos);
  EXPECT_NE(error_of(*s, "c3-c4").find("write the capture as c3xc4"), std::string::npos);
  EXPECT_NE(error_of(*s, "swap").find("White's first turn"), std::string::npos);
  EXPECT_NE(error_of(*s, "pass").find("no other move"), std::string::npos);
  s->apply_move(s->parse_move("c3xc4"));  // c3 is now empty
  EXPECT_NE(error_of(*s, "b3xc3").find("nothing to capture on c3"), std::string::npos);
  // White to move now.
  EXPECT_NE(error_of(*s, "b3-b4").find("write the capture as b3xb4"), std::string::npos);
  EXPECT_EQ(error_of(*s, "d3-c3"), "(accepted)");
  EXPECT_NE(error_of(*s, "c2-c3").find("not closer"), std::string::npos);  // 0 -> 0
  auto own = at(*game, "2b2/2b2/5/w4 b - 6");
  EXPECT_NE(error_of(*own, "c4-c3").find("your own stone"), std::string::npos);
}

TEST(InvectorPosition, StartNotationAndRoundTrip) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  EXPECT_EQ(s->to_position(), "wbwbw/bwbwb/wbwbw/bwbwb b p 0");
  s->apply_move(s->parse_move("c3xc4"));
  EXPECT_EQ(s->to_position(), "wbbbw/bw1wb/wbwbw/bwbwb w p 1");
  auto back = at(*game, s->to_position());
  EXPECT_EQ(back->to_position(), s->to_position());
  EXPECT_EQ(back->hash(), s->hash());
  EXPECT_TRUE(back->swap_available());
  auto no_pie = make({"width=5", "height=4", "pie=false"});
  EXPECT_EQ(start(*no_pie)->to_position(), "wbwbw/bwbwb/wbwbw/bwbwb b - 0");
}

TEST(InvectorPosition, WideRowsUseMultiDigitRuns) {
  auto game = make({"width=16", "height=3"});
  const std::string text = "16/b14w/16 b - 3";
  EXPECT_EQ(at(*game, text)->to_position(), text);
}

TEST(InvectorPosition, MalformedPositionsAreRejected) {
  auto game = make({"width=5", "height=4"});
  for (const char* bad : {
           "bwbwb/wbwbw/bwbwb b p 0",          // too few rows
           "bwbwb/wbwbw/bwbwb/wbwb b p 0",     // short rank
           "bwbwb/wbwbw/bwbwb/wbwbwb b p 0",   // long rank
           "bwbwb/wbwbw/bwbwb/wb4 b p 0",      // long rank (run)
           "bwbwb/wbwbw/bwbwb/wbwbq b p 0",    // unknown piece
           "bwbwb/wbwbw/bwbwb/wbwbw x p 0",    // side
           "bwbwb/wbwbw/bwbwb/wbwbw b q 0",    // pie flag
           "bwbwb/wbwbw/bwbwb/wbwbw b p -1",   // ply
           "bwbwb/wbwbw/bwbwb/wbwbw b p 01",   // ply with a leading zero
           "bwbwb/wbwbw/bwbwb/wbwbw b p",      // missing field
           "bwbwb/wbwbw/bwbwb/wbwbw b p 0 0",  // extra field
           "5/5/5/5 b - 0",                    // nobody has stones
       }) {
    EXPECT_THROW(game->state_from_position(bad), GameError) << bad;
  }
}

TEST(InvectorPosition, JsonCarriesTheContract) {
  auto game = make({"width=5", "height=4"});
  auto s = start(*game);
  s->apply_move(s->parse_move("c3xc4"));
  const nlohmann::json j = s->to_json();
  EXPECT_EQ(j["to_move"], kWhite);
  EXPECT_EQ(j["cells"]["a1"], kBlack);
  EXPECT_EQ(j["cells"]["c4"], kBlack);
  EXPECT_FALSE(j["cells"].contains("c3"));  // empty pits are left out
  EXPECT_EQ(j["cells"].size(), 19u);
  EXPECT_EQ(j["terminal"], false);
  EXPECT_TRUE(j["winner"].is_null());
  EXPECT_TRUE(j["end_reason"].is_null());
  EXPECT_EQ(j["ply"], 1);
  EXPECT_EQ(j["stones"], nlohmann::json({10, 9}));
  EXPECT_EQ(j["swap_available"], true);
  EXPECT_EQ(j["centre_pits"], nlohmann::json({"c2", "c3"}));
}

}  // namespace
}  // namespace inchzero::invector
