// verdict.md from synthetic cells: one fix of each status with its exact
// numbers, a fix that only weakens the wall, too few games, no difference,
// the strength gate (a fix's agent and the baseline's), and the draw-seeker
// caveat. The p values expected are computed by hand in the comments.
#include "lab/verdict_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/lab/builder_cells.h"

namespace inchzero::lab {
namespace {

using test::add_builder_games;

// One cell of `rule_set` in which the builder goes wins-draws-losses (its
// draws clock draws: at the cap, no formation).
CellResult cell(const std::string& rule_set, int wins, int draws, int losses) {
  return test::builder_cell(rule_set, wins, draws, losses);
}

// The same with fortress draws: the builder's formation held them.
CellResult fortress(const std::string& rule_set, int wins, int draws, int losses) {
  return test::fortress_cell(rule_set, wins, draws, losses);
}

LabConfig config_of(const std::vector<std::string>& rule_sets) {
  return test::report_config(rule_sets);
}

// The table row of `fix` split into its cells (without the outer bars).
std::vector<std::string> row_cells(const std::string& md, const std::string& fix) {
  const size_t at = md.find("\n| " + fix + " | ");
  if (at == std::string::npos) return {};
  const std::string line = md.substr(at + 3, md.find('\n', at + 1) - at - 3);
  std::vector<std::string> cells;
  size_t from = 0;
  for (size_t bar; (bar = line.find(" | ", from)) != std::string::npos; from = bar + 3) {
    cells.push_back(line.substr(from, bar - from));
  }
  cells.push_back(line.substr(from, line.size() - from - 2));  // drop the closing " |"
  return cells;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The self-capture caveat: under `farm` the agent scores 60 points a game,
// 40 of them by its own pieces captured on its own moves (more than half);
// under `fair` 20 of 60 (a third). Both remove the wall; only `farm` carries
// the caveat, in its row and in the summary. Without self-capture recorded
// (cells made before it was kept) no caveat is claimed.
TEST(VerdictFile, AFixWonBySelfCaptureCarriesACaveat) {
  const LabConfig config = config_of({"original", "farm", "fair", "old"});
  auto scored = [](CellResult c, int self_capture) {
    for (BuilderGame& g : c.builder_games) {
      const int agent = 1 - g.builder;
      g.metrics.scores[agent] = 60;
      g.metrics.self_capture_recorded = true;
      g.metrics.self_capture_points[agent] = self_capture;
    }
    return c;
  };
  CellResult old = cell("old", 0, 0, 20);
  for (BuilderGame& g : old.builder_games) g.metrics.scores[1 - g.builder] = 60;
  const std::vector<CellResult> cells = {cell("original", 0, 20, 0),
                                         scored(cell("farm", 0, 0, 20), 40),
                                         scored(cell("fair", 0, 0, 20), 20), old};
  const std::vector<FixRow> rows = verdict_rows(lab_results(config, cells, {}, ""));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].agent_points, 1200);
  EXPECT_EQ(rows[0].agent_self_capture_points, 800);
  EXPECT_TRUE(rows[0].self_capture_farm());
  EXPECT_FALSE(rows[1].self_capture_farm());
  EXPECT_EQ(rows[2].agent_points, 0);  // not recorded: nothing claimed
  for (const FixRow& r : rows) EXPECT_EQ(r.status, FixStatus::kRemovesWall);
  const std::string md =
      verdict_markdown(lab_results(config, cells, {}, "inchzero lab test"), "OUT");
  const std::vector<std::string> farm = row_cells(md, "farm");
  ASSERT_EQ(farm.size(), 8u) << md;
  EXPECT_EQ(farm[1],
            "**removes the wall**: the builder loses 20 of 20 vs 0 of 20 under `original`, "
            "significantly more, and most of its games; **caveat**: 800 of the agent's 1200 points "
            "in these games "
            "(67 %) came from its own pieces captured by its own moves (self-capture: the fix "
            "opens a points farm, which the builder does not use), not from an attack on the "
            "wall");
  EXPECT_EQ(row_cells(md, "fair")[1].find("caveat"), std::string::npos) << md;
  EXPECT_EQ(row_cells(md, "old")[1].find("caveat"), std::string::npos) << md;
  EXPECT_NE(md.find("- Removes the wall: `farm` (by a self-capture points farm: see its row), "
                    "`fair`, `old`.\n"),
            std::string::npos)
      << md;
}

// The seldom-built caveat: the builder stands its formation in all 20
// baseline games; under `torus` in none and under `edges` in 12 of 20, and
// loses all 20 under both. Only `torus` carries the caveat (row and
// summary). With a baseline whose builder never built, the same `torus`
// games claim nothing: the comparison is what the caveat rests on.
TEST(VerdictFile, AFixUnderWhichTheBuilderSeldomBuiltCarriesACaveat) {
  auto built = [](CellResult c, int n) {
    for (BuilderGame& g : c.builder_games)
      if (n-- > 0) g.metrics.uncapturable_ply[g.builder] = 11;
    return c;
  };
  const LabConfig config = config_of({"original", "torus", "edges"});
  const std::vector<CellResult> cells = {built(fortress("original", 0, 20, 0), 20),
                                         built(cell("torus", 0, 0, 20), 0),
                                         built(cell("edges", 0, 0, 20), 12)};
  const std::vector<FixRow> rows = verdict_rows(lab_results(config, cells, {}, ""));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].fix_built, 0);
  EXPECT_EQ(rows[0].baseline_built, 20);
  EXPECT_TRUE(rows[0].seldom_built());
  EXPECT_EQ(rows[1].fix_built, 12);
  EXPECT_FALSE(rows[1].seldom_built());
  for (const FixRow& r : rows) EXPECT_EQ(r.status, FixStatus::kRemovesWall);
  const std::string md =
      verdict_markdown(lab_results(config, cells, {}, "inchzero lab test"), "OUT");
  EXPECT_EQ(row_cells(md, "torus")[1],
            "**removes the wall**: the builder loses 20 of 20 vs 0 of 20 under `original`, "
            "significantly more, and most of its games; **caveat**: the builder stood its "
            "formation (a two-eyed group or a wall) in only 0 of its 20 games, against 20 of 20 "
            "under `original`: the fix stopped this builder's way of building, so these games do "
            "not show a standing wall falling (a builder that builds another shape is not "
            "tested)")
      << md;
  EXPECT_EQ(row_cells(md, "edges")[1].find("caveat"), std::string::npos) << md;
  EXPECT_NE(md.find("- Removes the wall: `torus` (the builder seldom built: see its row), "
                    "`edges`.\n"),
            std::string::npos)
      << md;

  const std::vector<CellResult> unbuilt_baseline = {cell("original", 0, 20, 0), cells[1], cells[2]};
  for (const FixRow& r : verdict_rows(lab_results(config, unbuilt_baseline, {}, "")))
    EXPECT_FALSE(r.seldom_built()) << r.rule_set;
  // A fix cell made before builder games were kept (its W-D-L only) claims
  // nothing either.
  CellResult unkept = cells[1];
  unkept.builder_games.clear();
  const std::vector<FixRow> old_rows =
      verdict_rows(lab_results(config, {cells[0], unkept, cells[2]}, {}, ""));
  EXPECT_EQ(old_rows[0].fix.games(), 20);
  EXPECT_FALSE(old_rows[0].seldom_built());
}

TEST(VerdictFile, OneFixOfEachStatusWithItsNumbers) {
  const LabConfig config = config_of({"original", "works", "holds", "few"});
  // The builder draws all 20 under the baseline; loses all 20 under `works`,
  // holds all 20 by a fortress under `holds`, and plays only 2 under `few`
  // (1 draw by a fortress, 1 loss).
  const std::vector<CellResult> cells = {cell("original", 0, 20, 0), cell("works", 0, 0, 20),
                                         fortress("holds", 0, 20, 0), fortress("few", 0, 1, 1)};
  const std::vector<FixRow> rows = verdict_rows(lab_results(config, cells, {}, ""));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].status, FixStatus::kRemovesWall);
  EXPECT_EQ(rows[1].status, FixStatus::kDoesNotRemoveWall);
  EXPECT_EQ(rows[2].status, FixStatus::kNotShown);
  // Fisher, 20 of 20 lost against 0 of 20: 2 / C(40, 20); Holm over the
  // three fixes tested multiplies the smallest p by 3.
  EXPECT_NEAR(rows[0].p_fisher, 2 / 137846528820.0, 1e-20);
  EXPECT_NEAR(rows[0].p_fisher_holm, 6 / 137846528820.0, 1e-20);
  // Holds: 20 of 20 avoided defeat, 2^-20, Holm × 3; none of 20 under
  // `works`: P(X >= 0) = 1.
  EXPECT_NEAR(rows[1].p_holds, 1.0 / 1048576, 1e-15);
  EXPECT_NEAR(rows[1].p_holds_holm, 3.0 / 1048576, 1e-15);
  EXPECT_DOUBLE_EQ(rows[0].p_holds, 1.0);
  // `few`: Fisher 1 of 2 against 0 of 20 = 2/22; holds 1 of 2 = 3/4.
  EXPECT_NEAR(rows[2].p_fisher, 2.0 / 22, 1e-12);
  EXPECT_NEAR(rows[2].p_holds, 0.75, 1e-12);

  const std::string md =
      verdict_markdown(lab_results(config, cells, {}, "inchzero lab test"), "OUT");
  const std::vector<std::string> works = row_cells(md, "works");
  ASSERT_EQ(works.size(), 8u) << md;
  EXPECT_EQ(works[1],
            "**removes the wall**: the builder loses 20 of 20 vs 0 of 20 under `original`, "
            "significantly more, and most of its games");
  EXPECT_EQ(works[2], "0-0-20 / 0-20-0");
  EXPECT_EQ(works[3], "20 / 20");
  EXPECT_EQ(works[4], "1.45e-11 (4.35e-11)");
  EXPECT_EQ(works[5], "1 (1)");
  EXPECT_EQ(works[6], "0 / 0 / 0");
  EXPECT_EQ(works[7],
            "untrained `uct:{sims}:rollout_plies=40`; no gate played (`strength_gate.games: "
            "0`): admitted however weak");
  const std::vector<std::string> holds = row_cells(md, "holds");
  ASSERT_EQ(holds.size(), 8u) << md;
  EXPECT_EQ(holds[1],
            "**does not remove the wall**: the builder holds a draw by a proven fortress in 20 "
            "of 20 games, significantly more than half");
  EXPECT_EQ(holds[4], "1 (1)");
  EXPECT_EQ(holds[5], "9.54e-07 (2.86e-06)");
  EXPECT_EQ(holds[6], "20 / 0 / 0");  // the formation stood throughout
  const std::vector<std::string> few = row_cells(md, "few");
  ASSERT_EQ(few.size(), 8u) << md;
  EXPECT_TRUE(starts_with(few[1],
                          "**not shown**: too few games: the builder loses 1 of 2 vs 0 of "
                          "20 under `original`; showing a difference this large would "
                          "take about "))
      << few[1];
  const int needed = games_per_arm_for_power(0.0, 0.5, 0.05 / 3);
  EXPECT_GT(needed, 2);
  EXPECT_NE(few[1].find("about " + std::to_string(needed) + " games per arm"), std::string::npos)
      << few[1];
  EXPECT_EQ(few[3], "2 / 20");
  EXPECT_EQ(few[4], "0.0909 (0.182)");
  EXPECT_EQ(few[5], "0.75 (1)");
  // The summary names each fix under its status, and nothing else.
  EXPECT_NE(md.find("- Removes the wall: `works`.\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- Does not remove the wall: `holds`.\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- Not shown: `few`.\n"), std::string::npos) << md;
  // The header states the baseline, the seed and the correction.
  EXPECT_NE(md.find("**Baseline**: `original`"), std::string::npos);
  EXPECT_NE(md.find("the lab's seed 1."), std::string::npos);
  EXPECT_NE(md.find("Holm's step-down correction over the 3 fixes tested"), std::string::npos);
  // Made again from the same cells: the same bytes.
  EXPECT_EQ(md, verdict_markdown(lab_results(config, cells, {}, "inchzero lab test"), "OUT"));
}

TEST(VerdictFile, AFixThatOnlyWeakensTheWallDoesNotRemoveIt) {
  // Baseline 0-40-0; under the fix the builder loses 10 of 40: Fisher
  // p = 0.00103 (more losses, significant), but it still avoids defeat in 30
  // of 40, binomial P(X >= 30) = 0.00111.
  const LabConfig config = config_of({"original", "weak"});
  const std::vector<FixRow> rows = verdict_rows(
      lab_results(config, {cell("original", 0, 40, 0), fortress("weak", 0, 30, 10)}, {}, ""));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_NEAR(rows[0].p_fisher, 0.0010296563, 1e-9);
  EXPECT_NEAR(rows[0].p_holds, 0.0011107169, 1e-9);
  EXPECT_EQ(rows[0].status, FixStatus::kDoesNotRemoveWall);
  EXPECT_NE(rows[0].reason.find("weakens the wall without removing it"), std::string::npos)
      << rows[0].reason;
}

// Issue 50: more losses than under the baseline, significantly, but not
// most games, and no fortress draws to hold the wall: the wall is weakened,
// not removed (not shown). Baseline 0-40-0, fix 0-25-15 by the clock:
// Fisher p = 2·C(40,15)·C(40,25)/C(80,40)-ish, far below 0.05.
TEST(VerdictFile, MoreLossesThatAreNotMostGamesDoNotRemoveTheWall) {
  const LabConfig config = config_of({"original", "weaker"});
  const std::vector<FixRow> rows = verdict_rows(
      lab_results(config, {cell("original", 0, 40, 0), cell("weaker", 0, 25, 15)}, {}, ""));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_LT(rows[0].p_fisher_holm, 0.05);
  EXPECT_EQ(rows[0].status, FixStatus::kNotShown);
  EXPECT_NE(rows[0].reason.find("significantly more, but not most of its games"), std::string::npos)
      << rows[0].reason;
  EXPECT_NE(rows[0].reason.find("the fix weakens the wall"), std::string::npos) << rows[0].reason;
  // One more loss than half: removed.
  const std::vector<FixRow> most = verdict_rows(
      lab_results(config, {cell("original", 0, 40, 0), cell("weaker", 0, 19, 21)}, {}, ""));
  EXPECT_EQ(most[0].status, FixStatus::kRemovesWall);
}

// A clock draw is the agent failing to win in time, not the wall holding:
// an agent that cannot break a passive builder (ab:2 under max-eyes-1, where
// no formation can stand, drew 32 of 32 at the cap) must not make a fix
// "not remove the wall". The same 0-20-0 with fortress draws does.
TEST(VerdictFile, ClockDrawsDoNotHoldTheWall) {
  const LabConfig config = config_of({"original", "passive"});
  const std::vector<FixRow> clock = verdict_rows(
      lab_results(config, {fortress("original", 0, 20, 0), cell("passive", 0, 20, 0)}, {}, ""));
  ASSERT_EQ(clock.size(), 1u);
  EXPECT_EQ(clock[0].fix_held, 0);
  EXPECT_DOUBLE_EQ(clock[0].p_holds, 1.0);  // P(X >= 0)
  EXPECT_EQ(clock[0].status, FixStatus::kNotShown);
  EXPECT_NE(clock[0].reason.find("no difference, and its fortress draws (0 of 20)"),
            std::string::npos)
      << clock[0].reason;
  EXPECT_NE(clock[0].reason.find("20 of its draws are no fortress"), std::string::npos)
      << clock[0].reason;
  const std::vector<FixRow> held = verdict_rows(
      lab_results(config, {fortress("original", 0, 20, 0), fortress("passive", 0, 20, 0)}, {}, ""));
  EXPECT_EQ(held[0].fix_held, 20);
  EXPECT_EQ(held[0].status, FixStatus::kDoesNotRemoveWall);
  // A cell made before the builder's games were kept has no split: every
  // draw counts, as before.
  CellResult old = cell("passive", 0, 20, 0);
  old.builder_games.clear();
  EXPECT_EQ(
      verdict_rows(lab_results(config, {fortress("original", 0, 20, 0), old}, {}, ""))[0].status,
      FixStatus::kDoesNotRemoveWall);
}

TEST(VerdictFile, NoDifferenceIsNotShown) {
  // The builder goes 0-10-10 under both, its draws fortress draws: Fisher
  // p = 1, and 10 of 20 held is no majority (P(X >= 10) = 0.588).
  const LabConfig config = config_of({"original", "same"});
  const std::vector<FixRow> rows = verdict_rows(
      lab_results(config, {fortress("original", 0, 10, 10), fortress("same", 0, 10, 10)}, {}, ""));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, FixStatus::kNotShown);
  EXPECT_NEAR(rows[0].p_fisher, 1.0, 1e-9);
  EXPECT_NEAR(rows[0].p_holds, 0.5880985260, 1e-9);
  EXPECT_EQ(rows[0].reason,
            "the builder loses 10 of 20 vs 10 of 20 under `original`: no difference, and its "
            "fortress draws (10 of 20) are not shown to be more than half");
}

// Issue 50, item 6: natural play per rule set — the agent against itself,
// nobody building: 4 games under `original` (a win for the first player, two
// repetition draws, one capped draw), none under `works`.
TEST(VerdictFile, NaturalPlayGivesDrawishnessTimeoutsAndDecisiveness) {
  const LabConfig config = config_of({"original", "works"});
  CellResult base = cell("original", 0, 20, 0);
  for (const char* reason : {"target", "repetition", "repetition", "cap"}) {
    GameMetrics g;
    g.end_reason = parse_end_reason(reason);
    g.winner = std::string(reason) == "target" ? 0 : kNoPlayer;
    g.plies = 100;
    g.design_recorded = true;
    g.design.decisive_ply = 25;
    base.games.push_back(g);
  }
  const std::string md = verdict_markdown(
      lab_results(config, {base, cell("works", 0, 0, 20)}, {}, "inchzero lab test"), "OUT");
  const size_t at = md.find("## Natural play (the agent against itself)");
  ASSERT_NE(at, std::string::npos) << md;
  const std::string section = md.substr(at);
  // Drawishness 2 of 4 (50 %), Timeouts 1 of 4, Decisiveness 25 / 100.
  EXPECT_NE(section.find("| original | 4 | 1-3-0 | 50% [15–85] | 25% [5–70] | 1 | 0.25 | yes |"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("| works | 0 | — | — | — | — | — | — |"), std::string::npos) << section;
}

// Issue 50, item 5: per rule set, the builder games in which it moved
// without stock behind a proven fortress, those positions, the forced ones
// and the games whose fortress stood at the end.
TEST(VerdictFile, RodeffersArgumentIsCountedPerRuleSet) {
  const LabConfig config = config_of({"original", "works"});
  CellResult base = fortress("original", 0, 4, 0);
  base.builder_games[0].metrics.stockless_fortress_positions[base.builder_games[0].builder] = 30;
  BuilderGame& second = base.builder_games[1];
  second.metrics.stockless_fortress_positions[second.builder] = 5;
  second.metrics.forced_breaks[second.builder] = 2;
  second.metrics.fortress_since[second.builder] = -1;  // broken, and not rebuilt
  // The other colour's counts are not the builder's.
  base.builder_games[2].metrics.stockless_fortress_positions[1 - base.builder_games[2].builder] = 9;
  const std::string md = verdict_markdown(
      lab_results(config, {base, cell("works", 0, 0, 20)}, {}, "inchzero lab test"), "OUT");
  const size_t at = md.find("## Rodeffer's counter-argument");
  ASSERT_NE(at, std::string::npos) << md;
  const std::string section = md.substr(at);
  EXPECT_NE(section.find("| original | 4 | 2 | 35 | 2 | 1 |"), std::string::npos) << section;
  EXPECT_NE(section.find("| works | 20 | 0 | 0 | 0 | 0 |"), std::string::npos) << section;
}

// A config with the baseline alone (the siege gate's control) still gets
// the baseline's line, with its agent's gate: lab_verdict.sh quotes it.
TEST(VerdictFile, ABaselineAloneStillGetsItsLine) {
  const LabConfig config = config_of({"original"});
  const std::string md = verdict_markdown(
      lab_results(config, {fortress("original", 0, 20, 0)}, {}, "inchzero lab test"), "OUT");
  EXPECT_NE(md.find("- **Under the baseline** the builder goes 0-20-0 (W-D-L, 20 games): it holds "
                    "a fortress draw in 20"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("Agent: untrained"), std::string::npos) << md;
}

// The summary opens with the baseline's own wall: a builder that loses 30
// of 32 under the baseline (verdict-siege's original against siege:2) has no
// wall for a fix to remove, and the page must say so rather than leave every
// fix "not shown" unexplained. P(X >= 30), X ~ B(32, ½) = 529 / 2^32; a
// baseline held 20 of 20 by a fortress: 2^-20; 10 lost and 10 clock draws
// of 20: neither (P(X >= 10) = 0.588, P(X >= 0) = 1).
TEST(VerdictFile, TheSummarySaysWhetherTheBaselinesWallStands) {
  const LabConfig config = config_of({"original", "fix"});
  auto summary_line = [&](const CellResult& base) {
    const std::string md = verdict_markdown(
        lab_results(config, {base, cell("fix", 0, 0, 32)}, {}, "inchzero lab test"), "OUT");
    const size_t at = md.find("\n- The baseline `original`: ");
    return at == std::string::npos ? md : md.substr(at + 3, md.find('\n', at + 1) - at - 3);
  };
  EXPECT_EQ(summary_line(cell("original", 0, 2, 30)),
            "The baseline `original`: **the wall falls** against this attacker: the builder "
            "loses 30 of 32 (one-sided binomial p = 1.23e-07 that it loses more than half). No "
            "fix can be shown to remove a wall that does not stand: read each fix for whether "
            "the wall stands under it (*does not remove the wall*) or falls as it does here.");
  EXPECT_EQ(summary_line(fortress("original", 0, 20, 0)),
            "The baseline `original`: **the wall holds**: the builder holds a draw by a proven "
            "fortress in 20 of 20 (one-sided binomial p = 9.54e-07).");
  EXPECT_EQ(summary_line(cell("original", 0, 10, 10)),
            "The baseline `original`: neither shown: the builder loses 10 and holds a proven "
            "fortress in 0 of 20 (p = 0.588 and 1, one-sided binomial tests against ½).");
}

TEST(VerdictFile, AFixWhoseAgentTheGateDoesNotAdmitIsNotShown) {
  LabConfig config = config_of({"original", "works", "unplayed"});
  config.strength_gate.games = 10;
  config.strength_gate.opponents = {{"greedy", {0.9}, {}}};
  // The baseline's agent passes (10-0-0), `works`'s fails (5-0-5) although
  // its builder loses every game, `unplayed`'s has no gate match.
  const std::vector<GateMatch> gate = {{"original", "greedy", "a", 10, 0, 0, 0},
                                       {"works", "greedy", "a", 5, 0, 5, 0}};
  const std::vector<CellResult> cells = {cell("original", 0, 20, 0), cell("works", 0, 0, 20),
                                         cell("unplayed", 0, 0, 20)};
  const std::vector<FixRow> rows = verdict_rows(lab_results(config, cells, gate, ""));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].status, FixStatus::kNotShown);
  EXPECT_FALSE(rows[0].tested);
  EXPECT_TRUE(starts_with(rows[0].reason,
                          "the agent of `works` fails the strength gate (it "
                          "scores 50"))
      << rows[0].reason;
  EXPECT_EQ(rows[0].strength,
            "untrained `uct:{sims}:rollout_plies=40`; vs `greedy` 5-0-5 = 50.0 % (≥ 90 %) fail; "
            "not admitted (fails the gate)");
  EXPECT_EQ(rows[1].strength,
            "untrained `uct:{sims}:rollout_plies=40`; vs `greedy` not played; not admitted (gate "
            "not played yet)");
  EXPECT_EQ(rows[1].status, FixStatus::kNotShown);
  EXPECT_TRUE(
      starts_with(rows[1].reason, "the agent of `unplayed` has not passed the strength gate yet"))
      << rows[1].reason;
  const std::string md = verdict_markdown(lab_results(config, cells, gate, "test"), "OUT");
  EXPECT_NE(md.find("Holm's step-down correction over the 0 fixes tested"), std::string::npos)
      << md;
  EXPECT_EQ(row_cells(md, "works").at(4), "—");
}

// A rule set whose gate failed before its cell was played (`--gates-only`)
// is not shown for the gate's reason: no cell could count. One with neither
// says only that it has no cell.
TEST(VerdictFile, AFixWithoutCellsWhoseGateFailedSaysSo) {
  LabConfig config = config_of({"original", "failed", "fresh"});
  config.strength_gate.games = 10;
  config.strength_gate.opponents = {{"greedy", {0.9}, {}}};
  const std::vector<GateMatch> gate = {{"original", "greedy", "a", 10, 0, 0, 0},
                                       {"failed", "greedy", "a", 6, 4, 0, 0}};
  const std::vector<FixRow> rows =
      verdict_rows(lab_results(config, {cell("original", 0, 20, 0)}, gate, ""));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].status, FixStatus::kNotShown);
  EXPECT_TRUE(starts_with(rows[0].reason,
                          "the agent of `failed` fails the strength gate (it "
                          "scores 80.0 % against `greedy`"))
      << rows[0].reason;
  EXPECT_TRUE(ends_with(rows[0].reason, "; no cell was played")) << rows[0].reason;
  EXPECT_EQ(rows[1].status, FixStatus::kNotShown);
  EXPECT_EQ(rows[1].reason, "no finished cell of this rule set");
}

// The page says what its games took, from the seconds in the cell and gate
// files: 600 + 59.6 s of builder and agent games, 3,600 s of gate matches.
TEST(VerdictFile, TheCostLineSumsTheCellsAndTheGateFromTheirFiles) {
  LabConfig config = config_of({"original", "fix"});
  config.strength_gate.games = 10;
  config.strength_gate.opponents = {{"greedy", {0.9}, {}}};
  std::vector<CellResult> cells = {cell("original", 0, 20, 0), cell("fix", 0, 0, 20)};
  cells[0].seconds = 600;
  cells[1].seconds = 59.6;
  const std::vector<GateMatch> gate = {{"original", "greedy", "a", 10, 0, 0, 1200},
                                       {"fix", "greedy", "a", 10, 0, 0, 2400}};
  const std::string md = verdict_markdown(lab_results(config, cells, gate, "test"), "OUT");
  EXPECT_NE(md.find("- **Cost**: 1:11:00 (h:mm:ss) of wall-clock time with 2 games at once, as "
                    "the result files record it: 0:11:00 for the builder and agent games, 1:00:00 "
                    "for the strength gate"),
            std::string::npos)
      << md;
}

TEST(VerdictFile, WithoutAnAdmittedBaselineNothingIsShown) {
  LabConfig config = config_of({"original", "works"});
  config.strength_gate.games = 10;
  config.strength_gate.opponents = {{"greedy", {0.9}, {}}};
  const std::vector<GateMatch> gate = {{"original", "greedy", "a", 8, 0, 2, 0},
                                       {"works", "greedy", "a", 10, 0, 0, 0}};
  const std::vector<FixRow> rows = verdict_rows(
      lab_results(config, {cell("original", 0, 20, 0), cell("works", 0, 0, 20)}, gate, ""));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, FixStatus::kNotShown);
  EXPECT_EQ(rows[0].reason,
            "no baseline: the agent of `original` fails the strength gate (it scores 80.0 % "
            "against `greedy`, below 90 %)");
  EXPECT_NE(rows[0].strength.find("vs `greedy` 10-0-0 = 100.0 % (≥ 90 %) pass; admitted"),
            std::string::npos)
      << rows[0].strength;
  const std::string md = verdict_markdown(
      lab_results(config, {cell("original", 0, 20, 0), cell("works", 0, 0, 20)}, gate, "test"),
      "OUT");
  EXPECT_NE(md.find("**No fix is tested**, so every fix is *not shown*: " + rows[0].reason + ".\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- Not shown: `works`.\n"), std::string::npos) << md;
}

TEST(VerdictFile, ADrawSeekerThatStillHoldsLimitsTheFixToTheBuilder) {
  LabConfig config = config_of({"original", "builder-only", "both"});
  config.draw_seekers = {"drawseek:{sims}"};
  // The seeker draws all 20 under `original` and `builder-only`, loses all
  // 20 under `both`; the builder loses all 20 under both fixes.
  auto with_seeker = [](CellResult c, int draws, int losses) {
    OpponentGames g;
    g.opponent = "drawseek:32";
    g.draws = draws;
    g.losses = losses;
    add_builder_games(g.games, draws, 0);
    add_builder_games(g.games, losses, -1);
    c.seeker_games = {{"drawseek:{sims}", g}};
    return c;
  };
  const std::vector<CellResult> cells = {with_seeker(cell("original", 0, 20, 0), 20, 0),
                                         with_seeker(cell("builder-only", 0, 0, 20), 20, 0),
                                         with_seeker(cell("both", 0, 0, 20), 0, 20)};
  const std::vector<FixRow> rows = verdict_rows(lab_results(config, cells, {}, ""));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].status, FixStatus::kRemovesWall);
  EXPECT_EQ(rows[0].seekers_holding, std::vector<std::string>{"drawseek:{sims}"});
  EXPECT_EQ(rows[0].seekers, "`drawseek:{sims}` 0-20-0: still holds");
  EXPECT_EQ(rows[1].status, FixStatus::kRemovesWall);
  EXPECT_TRUE(rows[1].seekers_holding.empty());
  EXPECT_EQ(rows[1].seekers, "`drawseek:{sims}` 0-0-20: beaten");
  const std::string md = verdict_markdown(lab_results(config, cells, {}, "test"), "OUT");
  EXPECT_TRUE(starts_with(row_cells(md, "builder-only").at(1),
                          "**removes the wall**, against the builder only (`drawseek:{sims}` "
                          "not shown beaten): "))
      << md;
  EXPECT_NE(md.find("- Removes the wall: `both`.\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- Removes the wall against the builder only (a draw-seeker still holds): "
                    "`builder-only`.\n"),
            std::string::npos)
      << md;
}

TEST(VerdictFile, OldCellsAndMissingCellsSaySo) {
  const LabConfig config = config_of({"original", "old", "missing"});
  CellResult old = cell("old", 0, 20, 0);
  old.builder_games.clear();  // made before builder games were kept
  const std::vector<FixRow> rows =
      verdict_rows(lab_results(config, {cell("original", 0, 20, 0), old}, {}, ""));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].draws, "not recorded");
  EXPECT_EQ(rows[1].status, FixStatus::kNotShown);
  EXPECT_FALSE(rows[1].has_cells);
  EXPECT_EQ(rows[1].reason, "no finished cell of this rule set");
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// docs/lab/verdict.md is scripts/lab_verdict.sh's copy of its default
// preset's page (verdict-siege: the siege attacker, admitted by the siege
// gate): a header naming its source and the gate's control (ab:2 under the
// same gate, siege-gate-ab2), a blank line, then that page unchanged. A
// page edited by hand, or a preset remade without the script, fails here.
TEST(VerdictFile, TheTopLevelPageIsTheDefaultPresetsPage) {
  const std::string docs = std::string(INCHZERO_SOURCE_DIR) + "/docs/lab/";
  const std::string page = read_text(docs + "verdict.md");
  const std::string source = read_text(docs + "verdict-siege/verdict.md");
  ASSERT_FALSE(source.empty()) << "docs/lab/verdict-siege/verdict.md is missing";
  EXPECT_TRUE(starts_with(page,
                          "> Copied from [`verdict-siege/verdict.md`](verdict-siege/verdict.md) "
                          "by `bash scripts/lab_verdict.sh"))
      << page.substr(0, 200);
  const size_t blank = page.find("\n\n");
  ASSERT_NE(blank, std::string::npos);
  const std::string header = page.substr(0, blank);
  EXPECT_NE(header.find("> **Gate control** ([`siege-gate-ab2/verdict.md`]"), std::string::npos)
      << header;
  EXPECT_NE(header.find("`ab:2`"), std::string::npos) << header;
  EXPECT_EQ(page.substr(blank + 2), source);
}

}  // namespace
}  // namespace inchzero::lab
