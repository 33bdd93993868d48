// The lab report's verdict rule and CSV shape.
#include "selfplay/lab/lab_report.h"

#include <gtest/gtest.h>

#include <sstream>

namespace inchzero::lab {
namespace {

TEST(LabReport, WallVerdictFromLosses) {
  EXPECT_EQ(wall_verdict(0, 8, 0), WallVerdict::kHolds);
  EXPECT_EQ(wall_verdict(1, 6, 1), WallVerdict::kSometimesLoses);
  EXPECT_EQ(wall_verdict(0, 4, 4), WallVerdict::kLoses);
  EXPECT_EQ(wall_verdict(0, 0, 8), WallVerdict::kLoses);
}

TEST(LabReport, CsvHasOneRowPerCellAndEqualColumns) {
  CellResult a, b;
  a.rule_set = "original";
  b.rule_set = "menke";
  b.budget = 8;
  inchworm::GameMetrics g;
  g.winner = 0;
  g.end_reason = "target";
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

}  // namespace
}  // namespace inchzero::lab
