// Browne's measures on score-lead sequences worked out by hand.
#include "lab/design_measures.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/games/inchworm/test_support.h"
#include "lab/design_summary.h"
#include "lab/game_metrics.h"
#include "lab/lab_runner.h"

namespace inchzero::lab {
namespace {

TEST(DesignMeasures, RedWinsAfterTrailing) {
  // Leaders: R, R, level, B (change 1), B, R (change 2). Blue's best lead 2;
  // Red first leads by more than 2 at position 6. Red trails at 4 and 5.
  const DesignMeasures d = measure_design({0, 1, 1, 0, -2, -2, 3}, 0);
  EXPECT_EQ(d.lead_changes, 2);
  EXPECT_EQ(d.decisive_ply, 6);
  EXPECT_EQ(d.trailing_positions, 2);
  EXPECT_EQ(d.trailing_deficit, 4);
}

TEST(DesignMeasures, BlueWinsAndAnEarlyDecision) {
  // Blue's leads 0, 1, -2, 3: Red's best lead 2, beaten at position 3.
  const DesignMeasures blue = measure_design({0, -1, 2, -3}, 1);
  EXPECT_EQ(blue.lead_changes, 2);
  EXPECT_EQ(blue.decisive_ply, 3);
  EXPECT_EQ(blue.trailing_positions, 1);
  EXPECT_EQ(blue.trailing_deficit, 2);
  // Red never trails: decided as soon as it leads.
  const DesignMeasures early = measure_design({0, 3, 3, 5}, 0);
  EXPECT_EQ(early.lead_changes, 0);
  EXPECT_EQ(early.decisive_ply, 1);
  EXPECT_EQ(early.trailing_positions, 0);
}

TEST(DesignMeasures, AWinnerThatNeverPassesTheLosersBestIsDecidedAtTheEnd) {
  // Blue led by 5, Red wins at +2: the last position.
  EXPECT_EQ(measure_design({0, -5, -5, 2}, 0).decisive_ply, 3);
}

TEST(DesignMeasures, DrawsHaveNoDecisivenessOrDrama) {
  const DesignMeasures d = measure_design({0, 2, -1, 0}, kNoPlayer);
  EXPECT_EQ(d.lead_changes, 1);
  EXPECT_EQ(d.decisive_ply, -1);
  EXPECT_EQ(d.trailing_positions, 0);
}

GameMetrics game_of(int winner, const std::string& end, int plies, const DesignMeasures& d) {
  GameMetrics g;
  g.winner = winner;
  g.end_reason = parse_end_reason(end);
  g.plies = plies;
  g.design_recorded = true;
  g.design = d;
  return g;
}

TEST(DesignSummary, RatesAndMeans) {
  std::vector<GameMetrics> games = {
      game_of(0, "target", 6, measure_design({0, 1, 1, 0, -2, -2, 3}, 0)),
      game_of(1, "target", 3, measure_design({0, -1, 2, -3}, 1)),
      game_of(kNoPlayer, "cap", 10, {}),
      game_of(kNoPlayer, "repetition", 4, {}),
  };
  games[0].fired = {{"menke", 2}};
  games[1].fired = {{"menke", 0}};
  games[3].design_recorded = false;  // a game from an older cell
  const DesignSummary s = summarize_design(games);
  EXPECT_EQ(s.games, 4);
  EXPECT_EQ(s.natural_draws.count, 1);  // repetition; the cap is a timeout
  EXPECT_EQ(s.timeouts.count, 1);
  EXPECT_EQ(s.recorded, 3);
  EXPECT_EQ(s.decided, 2);
  EXPECT_DOUBLE_EQ(s.decisiveness, (6.0 / 6 + 3.0 / 3) / 2);
  EXPECT_DOUBLE_EQ(s.lead_changes_per_game, 4.0 / 3);
  EXPECT_DOUBLE_EQ(s.lead_change, (2.0 / 6 + 2.0 / 3) / 3);
  EXPECT_DOUBLE_EQ(s.drama, (4.0 / 2 + 2.0 / 1) / 2);
  EXPECT_EQ(s.comebacks.count, 2);
  EXPECT_EQ(s.comebacks.n, 2);
  ASSERT_EQ(s.firing.count("menke"), 1u);
  EXPECT_EQ(s.firing.at("menke").games.count, 1);
  EXPECT_EQ(s.firing.at("menke").games.n, 2);
  EXPECT_DOUBLE_EQ(s.firing.at("menke").per_game, 1.0);
}

TEST(DesignMeasures, RecordedForAPlayedGame) {
  // Figure 7 under the original rules: Red's h8 scores 3 for Red and 1 for
  // Blue; Red leads from the first ply on and the target of 2 ends it.
  auto s = inchworm::testing::at(
      inchworm::testing::game({"target_score=2"}),
      "R1,3,R1,R1,B1,1/B1,B1,3,R1,B1,B1/2,B1,2,R1,R1,R1/B1,7/R1,7/R1,B1,2,R1,R1,R1,R1/"
      "B1,2,R1,B1,B1,B1,B1/4,B1,B1,B1,1 r 11,9 0,0 0,0");
  const GameMetrics m = measure_game(*s, {"h8"});
  EXPECT_TRUE(m.design_recorded);
  EXPECT_EQ(m.winner, 0);
  EXPECT_EQ(m.design.decisive_ply, 1);
  EXPECT_EQ(m.design.lead_changes, 0);
  EXPECT_TRUE(m.fired.empty());
}

TEST(DesignMeasures, KeptInTheCellFileAndAbsentFromOldCells) {
  CellResult cell;
  cell.games.push_back(game_of(0, "target", 6, measure_design({0, 1, 1, 0, -2, -2, 3}, 0)));
  cell.games[0].fired = {{"menke", 2}};
  const CellResult back = CellResult::from_json(cell.to_json());
  ASSERT_EQ(back.games.size(), 1u);
  EXPECT_TRUE(back.games[0].design_recorded);
  EXPECT_EQ(back.games[0].design.decisive_ply, 6);
  EXPECT_EQ(back.games[0].design.trailing_deficit, 4);
  EXPECT_EQ(back.games[0].fired, (std::map<std::string, int>{{"menke", 2}}));
  // A cell written before the measures has no "design" object.
  nlohmann::json old = cell.to_json();
  old["games"][0].erase("design");
  EXPECT_FALSE(CellResult::from_json(old).games[0].design_recorded);
}

TEST(SelfCapture, KeptInTheCellFileAndAbsentFromOldCells) {
  CellResult cell;
  cell.games.push_back(game_of(0, "target", 6, measure_design({0, 1}, 0)));
  cell.games[0].self_capture_recorded = true;
  cell.games[0].self_capture_pieces[1] = 3;
  cell.games[0].self_capture_points[1] = 17;
  const CellResult back = CellResult::from_json(cell.to_json());
  ASSERT_TRUE(back.games[0].self_capture_recorded);
  EXPECT_EQ(back.games[0].self_capture_pieces[0], 0);
  EXPECT_EQ(back.games[0].self_capture_pieces[1], 3);
  EXPECT_EQ(back.games[0].self_capture_points[1], 17);
  nlohmann::json old = cell.to_json();
  old["games"][0].erase("self_capture");
  EXPECT_FALSE(CellResult::from_json(old).games[0].self_capture_recorded);
}

}  // namespace
}  // namespace inchzero::lab
