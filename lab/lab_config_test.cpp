// Lab config parsing: the agent spec's placeholders, per-rule-set agents
// (trained by the lab or reused from a named run) and the errors that name
// a bad config.
#include "lab/lab_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"

namespace inchzero::lab {
namespace {

namespace fs = std::filesystem;

class LabConfigFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inchzero_lab_config_" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  // Write `text` to a file in the test folder and return its path.
  std::string write(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return path.string();
  }
  fs::path dir_;
};

TEST_F(LabConfigFile, SimsPlaceholderFollowsTheBudget) {
  const LabConfig c = LabConfig::from_file(write("a.yaml",
                                                 "agent: \"uct:{sims}:rollout_plies=40\"\n"
                                                 "simulations: 16\nbudgets: [1, 8]\n"
                                                 "rule_sets: [{ name: original }]\n"));
  EXPECT_EQ(c.agent_spec(1), "uct:16:rollout_plies=40");
  EXPECT_EQ(c.agent_spec(8), "uct:128:rollout_plies=40");
  EXPECT_FALSE(c.agent_per_rule_set());
  EXPECT_FALSE(c.training.enabled());
  EXPECT_EQ(c.agent_folder(c.rule_sets[0], "out"), "");
}

TEST_F(LabConfigFile, TrainedAgentsLiveInTheOutputFolderUnlessARunIsNamed) {
  const LabConfig c = LabConfig::from_file(
      write("b.yaml",
            "agent: \"net:{agent}:sims={sims}\"\nsimulations: 8\n"
            "training: { config: inchworm-small, minutes: 2.5, iterations: 3 }\n"
            "rule_sets:\n"
            "  - { name: original }\n"
            "  - { name: menke, run: runs/menke-long }\n"));
  ASSERT_TRUE(c.training.enabled());
  EXPECT_EQ(c.training.config, "inchworm-small");
  EXPECT_DOUBLE_EQ(c.training.minutes, 2.5);
  EXPECT_EQ(c.training.iterations, 3);
  EXPECT_EQ(c.training.budget_text(), "3 iterations or 2.5 minutes, whichever comes first");
  EXPECT_TRUE(c.agent_per_rule_set());
  EXPECT_EQ(c.agent_folder(c.rule_sets[0], "lab-out"), "lab-out/agents/original");
  EXPECT_EQ(c.agent_folder(c.rule_sets[1], "lab-out"), "runs/menke-long");
  EXPECT_EQ(c.agent_spec(2, c.agent_folder(c.rule_sets[0], "lab-out")),
            "net:lab-out/agents/original:sims=16");
}

TEST_F(LabConfigFile, TrainingConfigIsFoundBesideTheLabConfig) {
  write("agent.yaml", "inherits: inchworm-small\n");
  const LabConfig c = LabConfig::from_file(
      write("c.yaml",
            "agent: \"net:{agent}:sims={sims}\"\n"
            "training: { config: agent.yaml, minutes: 1 }\nrule_sets: [{ name: original }]\n"));
  EXPECT_EQ(fs::path(c.training.config), dir_ / "agent.yaml");
  // An embedded name with no such file beside stays as it is.
  const LabConfig d = LabConfig::from_file(
      write("d.yaml",
            "agent: \"net:{agent}:sims={sims}\"\n"
            "training: { config: inchworm, iterations: 2 }\nrule_sets: [{ name: original }]\n"));
  EXPECT_EQ(d.training.config, "inchworm");
  // A budget of iterations alone (no time limit).
  EXPECT_DOUBLE_EQ(d.training.minutes, 0);
  EXPECT_EQ(d.training.budget_text(), "2 iterations");
}

TEST_F(LabConfigFile, BadAgentSetupsAreNamed) {
  auto error_of = [&](const std::string& text) -> std::string {
    try {
      LabConfig::from_file(write("bad.yaml", text));
    } catch (const GameError& e) {
      return e.what();
    }
    return "";
  };
  const std::string rules = "rule_sets: [{ name: original }, { name: menke }]\n";
  // {agent} with neither training nor a run for a rule set.
  EXPECT_NE(error_of("agent: \"net:{agent}:sims={sims}\"\n" + rules).find("'original' has no run"),
            std::string::npos);
  // Training whose agents would never play.
  EXPECT_NE(
      error_of("training: { config: inchworm, minutes: 1 }\n" + rules).find("does not use {agent}"),
      std::string::npos);
  // Training without a budget, with a negative one, or with a bad key.
  EXPECT_NE(error_of("agent: \"net:{agent}\"\ntraining: { config: inchworm }\n" + rules)
                .find("minutes > 0 or iterations > 0"),
            std::string::npos);
  EXPECT_NE(error_of("agent: \"net:{agent}\"\ntraining: { config: inchworm, minutes: -1, "
                     "iterations: 4 }\n" +
                     rules)
                .find("training.minutes must not be negative"),
            std::string::npos);
  EXPECT_NE(error_of("agent: \"net:{agent}\"\ntraining: { config: inchworm, minutes: 1, "
                     "hours: 2 }\n" +
                     rules)
                .find("unknown key 'hours'"),
            std::string::npos);
  EXPECT_NE(error_of("rule_sets: [{ name: original, agent: x }]\n").find("unknown key 'agent'"),
            std::string::npos);
  // The fortress stretch of the builder-draw split must be a positive ply count.
  EXPECT_NE(error_of("fortress_plies: 0\n" + rules).find("fortress_plies"), std::string::npos);
  EXPECT_EQ(error_of("fortress_plies: 30\n" + rules), "");
}

}  // namespace
}  // namespace inchzero::lab
