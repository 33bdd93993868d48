// Move and position notation of Steere's Inchworm, and the JSON view.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/games/steere_inchworm/steere_test_util.h"

namespace inchzero::steere {
namespace {

using testing::at;
using testing::make;
using testing::make5;
using testing::play;
using testing::start;

std::string error_of(const State& s, const std::string& text) {
  try {
    s.parse_move(text);
  } catch (const GameError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(SteereNotation, OriginDestinationAndOff) {
  auto s = start(*make());
  EXPECT_EQ(s->move_to_string(s->parse_move("a7-off")), "a7-off");
  play(*s, {"a7-off"});
  EXPECT_EQ(s->move_to_string(s->parse_move("b7-a7")), "b7-a7");
}

TEST(SteereNotation, ErrorsSayWhy) {
  auto s = start(*make());
  EXPECT_NE(error_of(*s, "a7off").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "a7-").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "a7-OFF").find("malformed"), std::string::npos);
  EXPECT_NE(error_of(*s, "g7-off").find("malformed"), std::string::npos);  // no file g
  EXPECT_NE(error_of(*s, "b7-off").find("no Red checker on b7"), std::string::npos);
  EXPECT_NE(error_of(*s, "a1-a2").find("a1 cannot move"), std::string::npos);
  EXPECT_NE(error_of(*s, "pass").find("no move"), std::string::npos);
  auto lone = at(*make5(), "....b/...../..r../...../..... r 0 0 0");
  const std::string e = error_of(*lone, "c3-c2");
  EXPECT_NE(e.find("from c3: c4, d3"), std::string::npos) << e;
}

TEST(SteerePosition, NotationRoundTrip) {
  auto game = make({"width=3", "height=3"});
  auto s = start(*game);
  EXPECT_EQ(s->to_position(), "rbr/brb/rbr r 0 0 0");
  play(*s, {"c3-off"});
  EXPECT_EQ(s->to_position(), "rb./brb/rbr b 1 0 1");
  const std::string stacked = "r3.b/b.r2/.r12. r 4 9 77";
  auto t = at(*game, stacked);
  EXPECT_EQ(t->to_position(), stacked);
  EXPECT_EQ(t->board().height[game->grid().parse_square("b1")], 12);
  EXPECT_EQ(t->borne_off(kBlue), 9);
  EXPECT_EQ(t->ply(), 77);
}

TEST(SteerePosition, MalformedPositionsAreRejected) {
  auto game = make({"width=3", "height=3"});
  for (const char* bad : {
           "rbr/brb r 0 0 0",        // too few rows
           "rbr/brb/rb r 0 0 0",     // short rank
           "rbr/brb/rbrr r 0 0 0",   // long rank
           "rbr/brb/rbx r 0 0 0",    // unknown piece
           "rbr/brb/r1br r 0 0 0",   // height 1 is written without a number
           "rbr/brb/r01br r 0 0 0",  // leading zero
           "rbr/brb/rbr x 0 0 0",    // side
           "rbr/brb/rbr r -1 0 0",   // count
           "rbr/brb/rbr r 0 0",      // missing field
           "rbr/brb/rbr r 0 0 0 0",  // extra field
           "rr./rr./..b r 0 0 0",    // a loop is not a worm
       }) {
    EXPECT_THROW(game->state_from_position(bad), GameError) << bad;
  }
}

TEST(SteerePosition, JsonCarriesTheContractAndBorneOff) {
  auto game = make();
  auto s = start(*game);
  play(*s, {"a7-off", "b7-a7"});
  const nlohmann::json j = s->to_json();
  EXPECT_EQ(j["to_move"], kRed);
  EXPECT_EQ(j["cells"].size(), 41u);  // empty squares are left out
  EXPECT_FALSE(j["cells"].contains("b7"));
  EXPECT_EQ(j["cells"]["a7"], nlohmann::json({kBlue, 1}));
  EXPECT_EQ(j["borne_off"], nlohmann::json({1, 0}));
  EXPECT_EQ(j["terminal"], false);
  EXPECT_TRUE(j["winner"].is_null());
  EXPECT_TRUE(j["end_reason"].is_null());
  EXPECT_EQ(j["ply"], 2);
  // The new Blue worm a7-a6: Blue's head is the end further toward rank 1.
  bool found = false;
  for (const auto& w : j["worms"])
    if (w["player"] == kBlue && w["length"] == 2) {
      found = true;
      EXPECT_EQ(w["head"], "a6");
      EXPECT_EQ(w["tail"], "a7");
    }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace inchzero::steere
