#include "lab/wall_effects.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace inchzero::lab {
namespace {

// A builder game of `builder` (0 Red, 1 Blue) won by `winner`, ended by
// `reason` at ply `plies`; its formation first stood at `built` (-1: never),
// one stands at the end from `standing` (-1: none), and its proven fortress
// stands from `since` (-1: none), needed for the opponent's target;
// `captured` pieces went; the builder's and the agent's points.
BuilderGame game(int builder, int winner, const std::string& reason, int plies, int built,
                 int since, int captured, int builder_points, int agent_points, int standing = -1) {
  BuilderGame g;
  g.builder = builder;
  GameMetrics& m = g.metrics;
  m.standing_since[builder] = standing >= 0 ? standing : since;
  m.winner = winner;
  m.end_reason = parse_end_reason(reason);
  m.plies = plies;
  m.uncapturable_ply[builder] = built;
  m.fortress_recorded = true;
  m.fortress_since[builder] = since;
  m.fortress_needed[builder] = since >= 0;
  m.pieces_captured = captured;
  m.scores[builder] = builder_points;
  m.scores[1 - builder] = agent_points;
  return g;
}

constexpr int kFortressPlies = 60;

TEST(WallEffects, CountsWhatHappenedToTheFormation) {
  const std::vector<BuilderGame> games = {
      // Red builds at 16 and loses with none standing at the end: the wall fell.
      game(0, 1, "target", 900, 16, -1, 70, 3, 60),
      // Blue builds at 14 and loses on points with it standing since 14.
      game(1, 0, "no_capture_limit", 80, 14, -1, 2, 0, 1, 14),
      // Blue never builds and loses: a loss, but no wall fell.
      game(1, 0, "target", 400, -1, -1, 60, 2, 61),
      // Blue builds at 20 and draws at the cap behind a proven fortress
      // rebuilt at 8,000, ahead on points.
      game(1, kNoPlayer, "cap", 10000, 20, 8000, 100, 40, 30),
      // Red builds at 12 and draws at the cap, no fortress at the end, behind.
      game(0, kNoPlayer, "cap", 10000, 12, -1, 50, 10, 20),
      // Red builds at 30 and wins.
      game(0, 0, "target", 5000, 30, -1, 90, 60, 20),
  };
  const WallEffect e = wall_effect(games, kFortressPlies);
  EXPECT_EQ(e.games, 6);
  EXPECT_EQ(e.built, 5);
  EXPECT_DOUBLE_EQ(e.built_ply_median, 16);  // 12 14 16 20 30
  EXPECT_EQ(e.wins, 1);
  EXPECT_EQ(e.draws, 2);
  EXPECT_EQ(e.losses, 3);
  EXPECT_EQ(e.fell, 1);
  EXPECT_EQ(e.lost_standing, 1);
  EXPECT_EQ(e.lost_unbuilt, 1);
  EXPECT_EQ(e.fortress_draws, 1);
  EXPECT_DOUBLE_EQ(e.fortress_since_median, 8000);
  EXPECT_EQ(e.draws_led, 1);
  EXPECT_EQ(e.ends.at("target"), 3);
  EXPECT_EQ(e.ends.at("cap"), 2);
  EXPECT_EQ(e.ends.at("no_capture_limit"), 1);
  EXPECT_DOUBLE_EQ(e.captured_median, 65);  // 2 50 60 70 90 100
  EXPECT_EQ(e.captured_min, 2);
  EXPECT_EQ(e.captured_max, 100);
  EXPECT_EQ(wall_effect_text(e),
            "The builder stood its formation in 5 of 6 games (first at a median ply 16); it lost "
            "3 (1 after its formation fell, 1 with a formation still standing at the end, 1 "
            "without having stood one); it drew 2, 1 of them behind a fortress proven under "
            "these rules (standing since a median ply 8000), and led on points in 1 of its "
            "draws; it won 1. Games ended: 3 by target, 2 by cap, 1 by no_capture_limit. Pieces "
            "captured a game: a median of 65 (2–100).");
}

TEST(WallEffects, AFortressThatStoodTooShortlyIsNoFortressDraw) {
  // Proven from ply 9,990 of 10,000: fewer than kFortressPlies plies.
  const WallEffect e =
      wall_effect({game(0, kNoPlayer, "cap", 10000, 10, 9990, 5, 1, 1)}, kFortressPlies);
  EXPECT_EQ(e.draws, 1);
  EXPECT_EQ(e.fortress_draws, 0);
  EXPECT_EQ(e.fortress_since_median, -1);
  EXPECT_NE(wall_effect_text(e).find("none behind a fortress proven"), std::string::npos);
}

TEST(WallEffects, SaysWhenTheBuilderNeverBuiltOrEveryWallFell) {
  const WallEffect never = wall_effect(
      {game(0, 1, "target", 300, -1, -1, 61, 0, 61), game(1, 0, "target", 350, -1, -1, 62, 1, 61)},
      kFortressPlies);
  EXPECT_EQ(never.built, 0);
  EXPECT_EQ(never.fell, 0);
  EXPECT_EQ(wall_effect_text(never).rfind("The builder never stood its formation (0 of 2 games); "
                                          "it lost 2 (2 without having stood one); it drew 0; it "
                                          "won 0.",
                                          0),
            0u);
  const WallEffect all_fell =
      wall_effect({game(0, 1, "target", 300, 14, -1, 61, 0, 61)}, kFortressPlies);
  EXPECT_NE(wall_effect_text(all_fell).find("it lost 1 (1 after its formation fell); "),
            std::string::npos);
}

TEST(WallEffects, NoGames) {
  const WallEffect e = wall_effect({}, kFortressPlies);
  EXPECT_EQ(e.games, 0);
  EXPECT_EQ(wall_effect_text(e), "No builder games kept yet.");
}

}  // namespace
}  // namespace inchzero::lab
