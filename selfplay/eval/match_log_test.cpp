// The game log of a match (match_log.h): every game, replayed from its
// opening through its moves in notation, ends as the match says.
#include "selfplay/eval/match_log.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

TEST(MatchGameLog, EveryGameReplaysFromItsOpeningToItsResultAndPoints) {
  // Chess material and Invector's stones: points that differ between games.
  for (const char* name : {"invector", "inchworm-chess"}) {
    auto game =
        load_game(name, "",
                  std::string(name) == "invector" ? std::vector<std::string>{"width=5", "height=4"}
                                                  : std::vector<std::string>{"max_plies=120"});
    auto greedy = make_player_factory("greedy", game);
    auto random = make_player_factory("random", game);
    MatchGameLog log;
    MatchOptions options;
    options.games = 8;
    options.seed = 3;
    options.threads = 2;
    options.opening_plies = 2;
    options.observe = log.observer_factory();
    const MatchResult result = play_match(*game, *greedy, *random, options);
    const std::vector<nlohmann::json> lines = log.lines(result);
    ASSERT_EQ(lines.size(), 8u);
    double margin_sum = 0;
    int nonzero = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
      const nlohmann::json& line = lines[i];
      const MatchGame& g = result.games[i];
      EXPECT_EQ(line["index"], static_cast<int>(i));
      EXPECT_EQ(line["p0_colour"], static_cast<int>(i % 2));
      EXPECT_EQ(line["players"][i % 2], result.p0);
      std::unique_ptr<State> state = game->state_from_position(line["opening"]);
      EXPECT_EQ(state->ply(), 2) << name << " game " << i;
      for (const auto& move : line["moves"]) {
        ASSERT_FALSE(state->is_terminal()) << name << " game " << i;
        state->apply_move(state->parse_move(move.get<std::string>()));
      }
      ASSERT_TRUE(state->is_terminal()) << name << " game " << i;
      const int winner = state->winner();
      const int p0_result = winner == kNoPlayer ? 0 : (winner == g.p0_colour ? 1 : -1);
      EXPECT_EQ(line["result"], p0_result);
      EXPECT_EQ(line["result"], g.result);
      EXPECT_EQ(line["end_reason"], to_string(state->end_reason()));
      EXPECT_EQ(line["plies"], state->ply());
      EXPECT_EQ(line["final_points"][0], state->points(0));
      EXPECT_EQ(line["final_points"][1], state->points(1));
      const double margin = state->points(g.p0_colour) - state->points(1 - g.p0_colour);
      EXPECT_EQ(g.p0_points_margin(), margin);
      margin_sum += margin;
      nonzero += margin != 0;
    }
    EXPECT_GT(nonzero, 0) << name << ": every game ended level on points";
    EXPECT_NEAR(result.mean_p0_points_margin(), margin_sum / 8, 1e-12);
    EXPECT_NEAR(result.to_json()["p0_mean_points_margin"].get<double>(), margin_sum / 8, 1e-12);
  }
}

TEST(MatchGameLog, RefusesAGameItDidNotSee) {
  auto game = load_game("invector", "", {"width=5", "height=4"});
  auto random = make_player_factory("random", game);
  MatchOptions options;
  options.games = 2;
  const MatchResult unobserved = play_match(*game, *random, *random, options);
  MatchGameLog log;
  EXPECT_THROW(log.lines(unobserved), GameError);
}

}  // namespace
}  // namespace inchzero
