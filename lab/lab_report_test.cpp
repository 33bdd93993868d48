// The lab report's verdict rule and CSV shape.
#include "lab/lab_report.h"

#include <gtest/gtest.h>

#include <sstream>

namespace inchzero::lab {
namespace {

TEST(LabReport, WallVerdictFromLosses) {
  EXPECT_EQ(wall_verdict(0, 8, 0), WallVerdict::kHolds);
  EXPECT_EQ(wall_verdict(2, 14, 0), WallVerdict::kHolds);
  EXPECT_EQ(wall_verdict(8, 8, 0), WallVerdict::kHolds);  // half drawn: still holds
  EXPECT_EQ(wall_verdict(9, 7, 0), WallVerdict::kWinsInstead);
  EXPECT_EQ(wall_verdict(8, 0, 0), WallVerdict::kWinsInstead);
  EXPECT_EQ(wall_verdict(1, 6, 1), WallVerdict::kSometimesLoses);
  EXPECT_EQ(wall_verdict(0, 4, 4), WallVerdict::kLoses);
  EXPECT_EQ(wall_verdict(0, 0, 8), WallVerdict::kLoses);
}

TEST(LabReport, CsvHasOneRowPerCellAndEqualColumns) {
  CellResult a, b;
  a.rule_set = "original";
  b.rule_set = "menke";
  b.budget = 8;
  GameMetrics g;
  g.winner = 0;
  g.end_reason = EndReason::kTarget;
  g.plies = 42;
  a.games = {g, g};
  b.games = {g};
  b.wall_losses = 2;
  std::istringstream csv(report_csv({a, b}));
  std::string line;
  std::vector<size_t> commas;
  while (std::getline(csv, line)) commas.push_back(std::count(line.begin(), line.end(), ','));
  ASSERT_EQ(commas.size(), 3u);
  // The options column is quoted and holds no comma here, so counts compare.
  EXPECT_EQ(commas[1], commas[0]);
  EXPECT_EQ(commas[2], commas[0]);
}

TEST(LabReport, BuilderDrawsAreShownPerCellAsFortressOrClock) {
  LabConfig config;
  config.description = "test";
  config.budgets = {1};
  config.rule_sets = {{"original", "original", {}, "", {}}, {"old", "original", {}, "", {}}};
  CellResult a;
  a.rule_set = "original";
  BuilderGame fortress, clock;
  fortress.metrics.end_reason = clock.metrics.end_reason = EndReason::kCap;
  fortress.metrics.plies = clock.metrics.plies = 500;
  fortress.metrics.fortress_recorded = clock.metrics.fortress_recorded = true;
  fortress.metrics.fortress_since[0] = 100;
  fortress.metrics.fortress_needed[0] = true;
  a.builder_games = {fortress, fortress, clock};
  a.wall_draws = 3;
  // A cell made before builder games were kept: its split is unknown.
  CellResult b;
  b.rule_set = "old";
  b.wall_draws = 2;
  const std::string md = report_markdown(lab_results(config, {a, b}, {}, "inchzero lab"));
  EXPECT_NE(md.find("| original | 1× | 0-3-0 | 2 | 1 | 0 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| old | 1× | 0-2-0 | not recorded |"), std::string::npos) << md;
  const std::string csv = report_csv({a, b}, config.fortress_plies);
  EXPECT_NE(csv.find(",0,3,0,2,1,0,"), std::string::npos) << csv;
}

TEST(LabReport, CostSectionSumsEachRuleSetsCellsAndGateMatchesFromTheirFiles) {
  LabConfig config;
  config.description = "test";
  config.budgets = {1, 8};
  config.rule_sets = {{"original", "original", {}, "", {}},
                      {"menke", "menke", {}, "", {}},
                      {"nogate", "original", {}, "", {}},
                      {"unplayed", "original", {}, "", {}}};
  CellResult a1, a8, b, c;
  a1.rule_set = a8.rule_set = "original";
  a8.budget = 8;
  a1.seconds = 100;
  a8.seconds = 500;  // the two budgets add: 10:00
  b.rule_set = "menke";
  b.seconds = 30.4;
  c.rule_set = "nogate";
  c.seconds = 5;
  GateMatch greedy, uct, other;
  greedy.rule_set = uct.rule_set = "original";
  greedy.seconds = 65;
  uct.seconds = 3600;  // 1:01:05 with greedy's
  other.rule_set = "menke";
  other.seconds = 0;
  const std::string md =
      report_markdown(lab_results(config, {a1, a8, b, c}, {greedy, uct, other}, "inchzero lab"));
  EXPECT_NE(md.find("| original | 0:10:00 | 1:01:05 | 1:11:05 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| menke | 0:00:30 | 0:00:00 | 0:00:30 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| nogate | 0:00:05 | — | 0:00:05 |"), std::string::npos) << md;
  EXPECT_EQ(md.find("| unplayed |", md.find("## Cost")), std::string::npos) << md;
  EXPECT_NE(md.find("| **all** | 0:10:35 | 1:01:05 | 1:11:40 |"), std::string::npos) << md;
}

TEST(LabReport, PlotScriptNamesItsFilesRelativeToThePlotsFolder) {
  const std::string script = plot_script("original menke ", 2);
  // Every quoted file name (data and PNG) is a bare name, no folder.
  size_t files = 0;
  for (const char* ext : {".dat'", ".png'"}) {
    for (size_t at = script.find(ext); at != std::string::npos; at = script.find(ext, at + 1)) {
      const size_t open = script.rfind('\'', at);
      ASSERT_NE(open, std::string::npos);
      const std::string name = script.substr(open + 1, at + 4 - open - 1);
      EXPECT_EQ(name.find('/'), std::string::npos) << name;
      ++files;
    }
  }
  EXPECT_EQ(files, 6u) << "three data files and three plots";
  EXPECT_NE(script.find("word(names,2) 1"), std::string::npos) << "one x tic per rule set";
}

}  // namespace
}  // namespace inchzero::lab
