// Several agents per rule set (training.agents) in the reports, from
// synthetic cells and gate matches: a rule set is admitted when one of its
// agents passes the gate, the verdict pools the builder's games over the
// admitted agents only (a failing agent's games, however they went, are left
// out), verdict.md names each agent's seed, W-D-L and gate, and report.md and
// report.csv show a row per agent.
#include "lab/agent_pool.h"

#include <gtest/gtest.h>

#include <sstream>

#include "lab/lab_agents.h"
#include "lab/lab_report.h"
#include "lab/verdict_file.h"
#include "tests/lab/builder_cells.h"

namespace inchzero::lab {
namespace {

// One cell of agent `k` of `rule_set` in which the builder goes
// wins-draws-losses.
CellResult cell(const std::string& rule_set, int k, int wins, int draws, int losses) {
  return test::builder_cell(rule_set, wins, draws, losses, k);
}

// Agent `k` of `rule_set` against `greedy`: 10-0-0 passes, 5-0-5 fails.
GateMatch gate_match(const std::string& rule_set, int k, bool passes) {
  GateMatch m{rule_set, "greedy", "a", passes ? 10 : 5, 0, passes ? 0 : 5, 0};
  m.agent_index = k;
  return m;
}

// Three trained agents per rule set, a 10-game gate against greedy (≥ 90 %).
LabConfig three_agents(const std::vector<std::string>& rule_sets) {
  LabConfig config;
  config.description = "test";
  config.agent = "net:{agent}:sims={sims}";
  config.training.config = "inchworm";
  config.training.iterations = 1;
  config.training.agents = 3;
  config.budgets = {1};
  config.wall_games = 10;
  config.strength_gate.games = 10;
  config.strength_gate.opponents = {{"greedy", {0.9}, {}}};
  for (const std::string& name : rule_sets) config.rule_sets.push_back({name, name, {}, "", {}});
  return config;
}

// `original`: agents 1 and 3 pass, agent 2 fails (and its builder loses every
// game: pooled, that would make the baseline look beaten). `works`: agent 1
// fails (its builder draws every game), agents 2 and 3 pass and lose every
// game. `weak`: no agent passes.
struct Lab {
  LabConfig config = three_agents({"original", "works", "weak"});
  std::vector<CellResult> cells = {
      cell("original", 1, 0, 10, 0), cell("original", 2, 0, 0, 10), cell("original", 3, 0, 10, 0),
      cell("works", 1, 0, 10, 0),    cell("works", 2, 0, 0, 10),    cell("works", 3, 0, 0, 10),
      cell("weak", 1, 0, 0, 10),     cell("weak", 2, 0, 0, 10),     cell("weak", 3, 0, 0, 10)};
  std::vector<GateMatch> gate = {gate_match("original", 1, true), gate_match("original", 2, false),
                                 gate_match("original", 3, true), gate_match("works", 1, false),
                                 gate_match("works", 2, true),    gate_match("works", 3, true),
                                 gate_match("weak", 1, false),    gate_match("weak", 2, false)};
};

TEST(AgentPool, ARuleSetIsAdmittedWhenOneOfItsAgentsPasses) {
  const Lab lab;
  EXPECT_TRUE(agent_gate_status(lab.config, lab.gate, "original", 1).admitted());
  EXPECT_FALSE(agent_gate_status(lab.config, lab.gate, "original", 2).admitted());
  EXPECT_TRUE(rule_set_gate_status(lab.config, lab.gate, "original").admitted());
  EXPECT_TRUE(rule_set_gate_status(lab.config, lab.gate, "works").admitted());
  // `weak`: two agents fail, the third has not played: not admitted, not yet final.
  const GateStatus weak = rule_set_gate_status(lab.config, lab.gate, "weak");
  EXPECT_EQ(weak.state, GateStatus::kUnplayed);
  EXPECT_EQ(weak.agents, 3);
  EXPECT_EQ(weak.why,
            "agent 1: it scores 50.0 % against `greedy`, below 90 %; agent 2: it scores 50.0 % "
            "against `greedy`, below 90 %; agent 3: it has not played `greedy` yet");
  // With one agent per rule set, the agent's own status.
  LabConfig one = lab.config;
  one.training.agents = 1;
  EXPECT_TRUE(rule_set_gate_status(one, lab.gate, "original").admitted());
  EXPECT_EQ(rule_set_gate_status(one, lab.gate, "works").state, GateStatus::kFails);
}

TEST(AgentPool, TheVerdictPoolsTheAdmittedAgentsGamesOnly) {
  const Lab lab;
  const std::vector<CellResult> pooled = verdict_cells(lab.config, lab.cells, lab.gate);
  // original: agents 1 and 3; works: agents 2 and 3; weak (none admitted): all three.
  std::vector<std::string> kept;
  for (const CellResult& c : pooled) kept.push_back(agent_name(c.rule_set, c.agent_index));
  EXPECT_EQ(kept, (std::vector<std::string>{"original", "original@3", "works@2", "works@3", "weak",
                                            "weak@2", "weak@3"}));
  const std::vector<FixRow> rows = verdict_rows(lab_results(lab.config, lab.cells, lab.gate, ""));
  ASSERT_EQ(rows.size(), 2u);
  // works: 0-0-20 pooled over agents 2 and 3, against the baseline's 0-20-0
  // (agents 1 and 3): Fisher p = 2 / C(40, 20), removes the wall.
  EXPECT_EQ(rows[0].fix.wins + rows[0].fix.draws, 0);
  EXPECT_EQ(rows[0].fix.losses, 20);
  EXPECT_EQ(rows[0].baseline.draws, 20);
  EXPECT_EQ(rows[0].baseline.losses, 0);
  EXPECT_TRUE(rows[0].tested);
  EXPECT_EQ(rows[0].status, FixStatus::kRemovesWall);
  const uint64_t s1 = lab_agent_seed(lab.config, 1, 1), s2 = lab_agent_seed(lab.config, 1, 2),
                 s3 = lab_agent_seed(lab.config, 1, 3);
  EXPECT_EQ(rows[0].strength,
            "3 trained agents; agent 1 (seed " + std::to_string(s1) +
                "): builder 0-10-0; vs `greedy` 5-0-5 = 50.0 % (≥ 90 %) fail; not admitted "
                "(fails the gate); agent 2 (seed " +
                std::to_string(s2) +
                "): builder 0-0-10; vs `greedy` 10-0-0 = 100.0 % (≥ 90 %) pass; admitted; "
                "agent 3 (seed " +
                std::to_string(s3) +
                "): builder 0-0-10; vs `greedy` 10-0-0 = 100.0 % (≥ 90 %) pass; admitted; 2 of 3 "
                "admitted (seeds " +
                std::to_string(s2) + ", " + std::to_string(s3) +
                "): their builder games are pooled");
  // weak: no agent admitted, so not shown; its W-D-L is all three agents'.
  EXPECT_EQ(rows[1].status, FixStatus::kNotShown);
  EXPECT_FALSE(rows[1].tested);
  EXPECT_EQ(rows[1].fix.losses, 30);
  EXPECT_EQ(rows[1].reason.rfind("none of the 3 agents of `weak` has passed the strength gate yet "
                                 "(agent 1: it scores 50.0 %",
                                 0),
            0u)
      << rows[1].reason;
  EXPECT_NE(rows[1].strength.find("0 of 3 admitted: all agents' builder games shown, none tested"),
            std::string::npos)
      << rows[1].strength;
  // Holm over the one fix tested; the page says how agents are pooled.
  const std::string md =
      verdict_markdown(lab_results(lab.config, lab.cells, lab.gate, "test"), "OUT");
  EXPECT_NE(md.find("correction over the 1 fixes tested"), std::string::npos) << md;
  EXPECT_NE(md.find("3 agents per rule set (`training.agents: 3`)"), std::string::npos) << md;
  EXPECT_NE(md.find("pooled over its admitted agents"), std::string::npos) << md;
  EXPECT_EQ(md.find("One agent and one lab seed per rule set"), std::string::npos) << md;
}

// With the gate off every agent is admitted, so every agent's games pool:
// `works` is then 0-10-20 against 0-20-10, a weaker difference than its
// admitted agents' 0-0-20 against 0-20-0.
TEST(AgentPool, WithTheGateOffEveryAgentsGamesPool) {
  Lab lab;
  const double admitted_p =
      verdict_rows(lab_results(lab.config, lab.cells, lab.gate, ""))[0].p_fisher;
  lab.config.strength_gate.games = 0;
  const std::vector<FixRow> rows = verdict_rows(lab_results(lab.config, lab.cells, lab.gate, ""));
  EXPECT_EQ(rows[0].fix.losses, 20);
  EXPECT_EQ(rows[0].fix.draws, 10);
  EXPECT_EQ(rows[0].baseline.losses, 10);
  EXPECT_EQ(rows[0].baseline.draws, 20);
  EXPECT_GT(rows[0].p_fisher, admitted_p);
  EXPECT_TRUE(rows[1].tested);
  EXPECT_EQ(verdict_cells(lab.config, lab.cells, lab.gate).size(), lab.cells.size());
}

TEST(AgentPool, ReportsShowARowPerAgent) {
  const Lab lab;
  const std::string md = report_markdown(lab_results(lab.config, lab.cells, lab.gate, "test"));
  // The main table, the builder's draws and the strength gate: a row per agent.
  for (const char* row : {"\n| works@2 | ", "\n| works@3 | ", "\n| original | "}) {
    EXPECT_NE(md.find(row), std::string::npos) << row << "\n" << md;
  }
  const std::string gate = md.substr(md.find("## Strength gate"));
  EXPECT_NE(gate.find("| original@2 | 5-0-5"), std::string::npos) << gate;
  EXPECT_NE(gate.find("| works@3 | 10-0-0"), std::string::npos) << gate;
  // The verdict: works on its admitted agents' 0-0-20.
  const std::string verdict = md.substr(md.find("## Verdict"));
  EXPECT_NE(verdict.find("- `works` (W-D-L 0-0-20): shown"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("pooled over its admitted agents"), std::string::npos) << verdict;
  // report.csv: two columns appended with several agents, none with one.
  std::istringstream csv(report_csv(lab.cells, 60, &lab.config));
  std::string header, line;
  std::getline(csv, header);
  EXPECT_EQ(header.substr(header.size() - 23), ",agent_index,agent_seed");
  std::getline(csv, line);  // original, agent 1
  std::getline(csv, line);  // original, agent 2
  EXPECT_EQ(line.substr(line.rfind(',', line.rfind(',') - 1)),
            ",2," + std::to_string(lab_agent_seed(lab.config, 0, 2)));
  LabConfig one = lab.config;
  one.training.agents = 1;
  EXPECT_EQ(report_csv(lab.cells, 60, &one), report_csv(lab.cells, 60));
}

// The draw-seeker's section: its table has a row per agent, as the other
// tables, and its test pools the admitted agents' games, as the verdict.
TEST(AgentPool, TheDrawSeekerTableHasARowPerAgentAndItsTestPools) {
  Lab lab;
  lab.config.draw_seekers = {"drawseek:{sims}"};
  // The seeker loses wherever the builder does and draws elsewhere.
  for (CellResult& c : lab.cells) {
    const int result = c.wall_losses > 0 ? -1 : 0;
    c.seeker_games = {{"drawseek:{sims}", test::opponent_games("drawseek:32", 10, result)}};
  }
  const std::string md = report_markdown(lab_results(lab.config, lab.cells, lab.gate, "test"));
  const size_t at = md.find("## Draw-seeker `drawseek:{sims}` against the agent");
  ASSERT_NE(at, std::string::npos) << md;
  const std::string section = md.substr(at, md.find("\n## ", at + 1) - at);
  for (const char* row :
       {"| original | 1× | 0-10-0 |", "| original@2 | 1× | 0-0-10 |", "| works | 1× | 0-10-0 |",
        "| works@2 | 1× | 0-0-10 |", "| works@3 | 1× | 0-0-10 |", "| weak@3 | 1× | 0-0-10 |"}) {
    EXPECT_NE(section.find(row), std::string::npos) << row << "\n" << section;
  }
  // The test: `works` pooled over agents 2 and 3 (0-0-20) against `original`
  // over agents 1 and 3 (0-20-0), not agent 1's draws nor original@2's losses.
  EXPECT_NE(section.find("- `works` (W-D-L 0-0-20): shown"), std::string::npos) << section;
}

}  // namespace
}  // namespace inchzero::lab
