// The controls section of the lab report (lab/lab_controls.h): what each
// control expects, and one row per control with a column per opponent.
#include "lab/lab_controls.h"

#include <gtest/gtest.h>

#include <sstream>

namespace inchzero::lab {
namespace {

TEST(LabControls, EachControlExpectsItsOwnOutcome) {
  ControlRecord fortress_draws{0, 3, 0, 2};
  ControlRecord losses{0, 1, 2, 0};
  EXPECT_FALSE(control_met("positive", fortress_draws));
  EXPECT_TRUE(control_met("positive", losses));
  EXPECT_TRUE(control_met("negative", fortress_draws));
  EXPECT_FALSE(control_met("negative", losses));
  EXPECT_TRUE(control_met("cap", losses));
}

// A builder game that drew by the cap with a proven fortress standing since
// ply 100 of 500, without which the target was out of reach: a fortress draw.
BuilderGame fortress_draw() {
  BuilderGame g;
  g.metrics.end_reason = EndReason::kCap;
  g.metrics.plies = 500;
  g.metrics.fortress_recorded = true;
  g.metrics.fortress_since[0] = 100;
  g.metrics.fortress_needed[0] = true;
  return g;
}

TEST(LabControls, OneRowPerControlWithEveryOpponentSideBySide) {
  LabConfig config;
  config.wall_opponents = {"greedy"};
  config.overrides = {"max_plies=1200"};
  RuleSetEntry original{"original", "original", {}, "", {}};
  original.control = "negative";
  RuleSetEntry illegal{"eyes1", "max-eyes-1", {"max_edges_per_group=1"}, "", {}};
  illegal.control = "positive";
  RuleSetEntry capscore{"capscore", "original", {"cap_result=score"}, "", {}};
  capscore.control = "cap";
  RuleSetEntry plain{"menke", "menke", {}, "", {}};
  config.rule_sets = {original, illegal, capscore, plain};
  CellResult a;
  a.rule_set = "original";
  a.wall_draws = 1;
  a.builder_games = {fortress_draw()};
  a.opponent_games = {{"greedy", 0, 1, 0, {fortress_draw()}}};
  CellResult b = a;
  b.rule_set = "eyes1";
  CellResult c = a;
  c.rule_set = "capscore";
  c.opponent_games[0].draws = 0;
  c.opponent_games[0].losses = 1;
  c.opponent_games[0].games[0].metrics.winner = 1;  // the builder (Red) lost
  std::ostringstream out;
  controls_section(out, config, {a, b, c});
  const std::string md = out.str();
  EXPECT_NE(md.find("| rule set | control | max_plies | cap_result | vs `agent` | vs `greedy` |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| original | negative | 1200 | draw | 0-1-0 (1 fortress) | 0-1-0 (1 "
                    "fortress) | no builder loss | yes |"),
            std::string::npos)
      << md;
  // The builder holds fortress draws where the formation should be illegal.
  EXPECT_NE(md.find("| eyes1 | positive | 1200 | draw |"), std::string::npos) << md;
  EXPECT_NE(md.find("no fortress draw | **no** |"), std::string::npos) << md;
  EXPECT_NE(md.find("| capscore | cap | 1200 | score | 0-1-0 (1 fortress) | 0-0-1 (0 fortress) "
                    "| — | — |"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("| menke |"), std::string::npos) << "not a control";
  std::ostringstream none;
  controls_section(none, LabConfig{}, {a});
  EXPECT_EQ(none.str(), "") << "no control rule set, no section";
}

}  // namespace
}  // namespace inchzero::lab
