// POST /api/position: the body's keys checked, moves and decisions replayed
// by the game's own parsers, a move the decisions complete written in the
// game's notation, and every bad input refused naming its key.
#include "server/position_request.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "server/json_body.h"
#include "server/position_view.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

PositionRequest parse(const std::string& body) {
  return parse_position_request(JsonBody(body, position_request_keys()));
}

// The field of the RequestError that `step` throws (status 400).
template <class F>
std::string field_of(F&& step) {
  try {
    step();
  } catch (const RequestError& e) {
    EXPECT_EQ(e.status, 400) << e.what();
    return e.field.empty() ? std::string("(none): ") + e.what() : e.field;
  }
  ADD_FAILURE() << "not refused";
  return "";
}

TEST(PositionRequest, DecisionsCompleteAMoveInTheGamesNotation) {
  const auto game = load_game("inchworm-chess", "fide");
  auto request =
      parse(R"({"game":"inchworm-chess","rules":"fide","moves":["e2e4"],"decisions":["from e7"]})");
  ReplayedPosition p = replay_request(*game, request);
  EXPECT_EQ(p.move_texts, std::vector<std::string>{"e2e4"});
  EXPECT_EQ(p.pending, std::vector<std::string>{"from e7"});
  EXPECT_FALSE(p.completed);
  EXPECT_TRUE(p.state->in_compound_move());

  request.decisions.push_back("to e5");
  p = replay_request(*game, request);
  ASSERT_TRUE(p.completed);
  EXPECT_EQ(*p.completed, "e7e5");
  EXPECT_EQ(p.move_texts, (std::vector<std::string>{"e2e4", "e7e5"}));
  EXPECT_TRUE(p.pending.empty());

  const auto view = position_view(*game, p);
  EXPECT_EQ(view["completedMove"], "e7e5");
  EXPECT_EQ(view["lastMove"]["squares"], (std::vector<std::string>{"e7", "e5"}));
  EXPECT_EQ(view["currentPlayer"], 0);
  EXPECT_EQ(view["width"], 8);
  EXPECT_EQ(view["options"]["inchworm"], "false");
  EXPECT_EQ(view["decisions"].size(), 12u) << "White's pieces that can move after 1. e4 e5";
}

TEST(PositionRequest, AnInchwormDistributionDecisionByDecision) {
  const auto game = load_game("inchworm", "", {"width=5", "height=5"});
  auto request = parse(R"({"game":"inchworm","set":["width=5","height=5"],)"
                       R"("moves":["c3","a1","c4","a2","c3=c4","a3"],)"
                       R"("decisions":["distribute from c4"]})");
  ReplayedPosition p = replay_request(*game, request);
  EXPECT_EQ(p.pending.size(), 1u);
  auto view = position_view(*game, p);
  EXPECT_EQ(view["pendingSquares"], std::vector<std::string>{"c4"});
  EXPECT_TRUE(view["inCompoundMove"].get<bool>());
  EXPECT_TRUE(view["position"].is_null()) << "no position notation inside a move";
  request.decisions.push_back("to c5");
  p = replay_request(*game, request);
  ASSERT_TRUE(p.completed);
  EXPECT_EQ(*p.completed, "c4-c5");
}

TEST(PositionRequest, TheEndOfTheGameIsReported) {
  const auto game = load_game("inchworm-chess", "fide");
  const auto p = replay_request(
      *game,
      parse(R"({"game":"inchworm-chess","rules":"fide","moves":["f2f3","e7e5","g2g4","d8h4"]})"));
  const auto view = position_view(*game, p);
  EXPECT_TRUE(view["terminal"].get<bool>());
  EXPECT_EQ(view["winner"], 1);
  EXPECT_EQ(view["endReason"], "checkmate");
  EXPECT_TRUE(view["currentPlayer"].is_null());
  EXPECT_TRUE(view["decisions"].empty());
}

TEST(PositionRequest, BadInputIsRefusedNamingTheKey) {
  const auto chess = load_game("inchworm-chess", "fide");
  EXPECT_EQ(field_of([] { parse("{not json"); }).rfind("(none): the body is not valid JSON", 0),
            0u);
  EXPECT_EQ(field_of([] { parse("[1]"); }).rfind("(none): the body must be a JSON object", 0), 0u);
  EXPECT_EQ(field_of([] { parse(R"({"game":"inchworm","colour":1})"); }), "colour");
  EXPECT_EQ(field_of([] { parse(R"({"rules":"fide"})"); }), "game");
  EXPECT_EQ(field_of([] { parse(R"({"game":"inchworm","moves":"d4"})"); }), "moves");
  EXPECT_EQ(field_of([] { parse(R"({"game":"inchworm","moves":[4]})"); }), "moves");
  EXPECT_EQ(
      field_of([&] { replay_request(*chess, parse(R"({"game":"x","moves":["e2e4","e2e4"]})")); }),
      "moves");
  EXPECT_EQ(field_of([&] {
              replay_request(*chess, parse(R"({"game":"x","decisions":["from e2","to e5"]})"));
            }),
            "decisions");
  EXPECT_EQ(field_of([&] {
              replay_request(*chess,
                             parse(R"({"game":"x","decisions":["from e2","to e4","from e7"]})"));
            }),
            "decisions");
  EXPECT_EQ(field_of([&] {
              replay_request(*chess,
                             parse(R"({"game":"x","moves":["f2f3","e7e5","g2g4","d8h4","a2a3"]})"));
            }),
            "moves");
  EXPECT_EQ(
      field_of([&] { replay_request(*chess, parse(R"({"game":"x","initialPosition":"8/8 w"})")); }),
      "initialPosition");
}

}  // namespace
}  // namespace inchzero
