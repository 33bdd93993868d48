// The draw-seekers in report.md: a fix that beats the wall-builder but not a
// draw-seeker carries the caveat in the verdict, one that beats both does
// not, and cells made without the seeker (old cell files) say so.
#include "lab/seeker_report.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lab/lab_report.h"
#include "tests/lab/builder_cells.h"

namespace inchzero::lab {
namespace {

using test::opponent_games;

// A cell in which the builder and the seeker each play 20 games with one
// result: (builder result, seeker result).
CellResult cell(const std::string& rule_set, int builder, int seeker) {
  CellResult c;
  c.rule_set = rule_set;
  const OpponentGames b = opponent_games("wall", 20, builder);
  c.builder_games = b.games;
  c.wall_wins = b.wins;
  c.wall_draws = b.draws;
  c.wall_losses = b.losses;
  c.seeker_games = {{"drawseek:{sims}", opponent_games("drawseek:32", 20, seeker)}};
  return c;
}

LabConfig config_of(const std::vector<std::string>& rule_sets) {
  LabConfig config = test::report_config(rule_sets);
  config.draw_seekers = {"drawseek:{sims}"};
  return config;
}

std::string line_of(const std::string& md, const std::string& start, size_t from) {
  const size_t at = md.find(start, from);
  return at == std::string::npos ? "" : md.substr(at, md.find('\n', at) - at);
}

TEST(SeekerReport, AFixThatBeatsTheBuilderButNotTheSeekerGetsTheCaveat) {
  const LabConfig config = config_of({"original", "holds", "works"});
  // Under the original rules both draw every game; under `holds` the builder
  // loses every game but the seeker still draws; under `works` both lose.
  const std::vector<CellResult> cells = {cell("original", 0, 0), cell("holds", -1, 0),
                                         cell("works", -1, -1)};
  const std::string md = report_markdown(lab_results(config, cells, {}, "test"));
  const size_t section = md.find("## Draw-seeker `drawseek:{sims}` against the agent");
  ASSERT_NE(section, std::string::npos) << md;
  EXPECT_EQ(line_of(md, "| holds | 1× |", section), "| holds | 1× | 0-20-0 | 0 | 20 | 0 |");
  EXPECT_NE(line_of(md, "- `works` (W-D-L 0-0-20): ", section)
                .find("shown: the draw-seeker loses more often than under `original`"),
            std::string::npos)
      << md;
  EXPECT_NE(line_of(md, "- `holds` (W-D-L 0-20-0): ", section).find("not shown"), std::string::npos)
      << md;
  // The builder's verdict is as before: both fixes beat it.
  const size_t verdict = md.find("## Verdict");
  EXPECT_NE(line_of(md, "- `holds` (W-D-L 0-0-20): shown: the builder loses more", verdict), "");
  const size_t seekers = md.find("### Does a draw-seeker still hold?", verdict);
  ASSERT_NE(seekers, std::string::npos) << md;
  EXPECT_EQ(line_of(md, "- `holds`", seekers),
            "- `holds`: the builder beaten; `drawseek:{sims}` still holds. **Caveat: it beats the "
            "builder but not `drawseek:{sims}`, so it is a fix against the builder's strategy "
            "only**.");
  EXPECT_EQ(line_of(md, "- `works`", seekers),
            "- `works`: the builder beaten; `drawseek:{sims}` beaten.");
}

// Cells made before the draw-seekers were played: the JSON has no
// seeker_games, reads back without them, and the report says "not played".
TEST(SeekerReport, CellsWithoutSeekerGamesLoadAndAreNotPlayed) {
  CellResult old = cell("original", 0, 0);
  old.seeker_games.clear();
  nlohmann::json j = old.to_json();
  EXPECT_FALSE(j.contains("seeker_games"));
  const CellResult loaded = CellResult::from_json(j);
  EXPECT_TRUE(loaded.seeker_games.empty());
  EXPECT_EQ(loaded.builder_games.size(), 20u);
  const LabConfig config = config_of({"original", "fix"});
  const std::string md =
      report_markdown(lab_results(config, {loaded, cell("fix", -1, 0)}, {}, "test"));
  EXPECT_NE(md.find("| original | 1× | not played | — | — | — |"), std::string::npos) << md;
  EXPECT_NE(md.find("No test: the baseline `original` has no game of this draw-seeker."),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- `fix`: the builder beaten; `drawseek:{sims}` not played. **Caveat"),
            std::string::npos)
      << md;
}

// seekers.csv: a row per cell the seeker played, none for a cell made
// without it.
TEST(SeekerReport, CsvHasARowPerCellPlayed) {
  const LabConfig config = config_of({"original", "fix", "old"});
  CellResult old = cell("old", 0, 0);
  old.seeker_games.clear();
  CellResult fix = cell("fix", -1, -1);
  fix.budget = 4;
  const std::string csv = seekers_csv(config, {cell("original", 0, 0), fix, old});
  EXPECT_EQ(csv,
            "rule_set,budget,seeker,wins,draws,losses,fortress_draws,clock_draws,other_draws\n"
            "original,1,\"drawseek:{sims}\",0,20,0,0,20,0\n"
            "fix,4,\"drawseek:{sims}\",0,0,20,0,0,0\n");
}

// Without draw_seekers the report has no trace of them.
TEST(SeekerReport, NoSeekersNoSection) {
  LabConfig config = config_of({"original", "fix"});
  config.draw_seekers.clear();
  const std::string md =
      report_markdown(lab_results(config, {cell("original", 0, 0), cell("fix", -1, 0)}, {}, "t"));
  EXPECT_EQ(md.find("raw-seeker"), std::string::npos) << md;
}

}  // namespace
}  // namespace inchzero::lab
