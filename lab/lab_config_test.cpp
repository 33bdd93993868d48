// Lab config parsing: the agent spec's placeholders, per-rule-set agents
// (trained by the lab or reused from a named run) and the errors that name
// a bad config.
#include "lab/lab_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"
#include "lab/lab_players.h"

namespace inchzero::lab {
namespace {

namespace fs = std::filesystem;

class LabConfigFile : public ::testing::Test {
 protected:
  void SetUp() override {
    // The draw_seekers' `drawseek` and the wall-builder are registered kinds.
    register_lab_players();
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
  // The error of loading `text` as bad.yaml ("" when it loads).
  std::string load_error(const std::string& text) {
    try {
      LabConfig::from_file(write("bad.yaml", text));
    } catch (const GameError& e) {
      return e.what();
    }
    return "";
  }
  fs::path dir_;
};

TEST_F(LabConfigFile, SimsPlaceholderFollowsTheBudget) {
  const LabConfig c = LabConfig::from_file(write("a.yaml",
                                                 "agent: \"uct:{sims}:rollout_plies=40\"\n"
                                                 "simulations: 16\nbudgets: [1, 8]\n"
                                                 "rule_sets: [{ name: original }]\n"));
  EXPECT_EQ(c.agent_spec(c.rule_sets[0], 1), "uct:16:rollout_plies=40");
  EXPECT_EQ(c.agent_spec(c.rule_sets[0], 8), "uct:128:rollout_plies=40");
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
  EXPECT_EQ(c.agent_spec(c.rule_sets[0], 2, c.agent_folder(c.rule_sets[0], "lab-out")),
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
  auto error_of = [&](const std::string& text) { return load_error(text); };
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
                .find("config key 'training.minutes': -1 is outside [0, inf)"),
            std::string::npos);
  EXPECT_NE(error_of("agent: \"net:{agent}\"\ntraining: { config: inchworm, minutes: 1, "
                     "hours: 2 }\n" +
                     rules)
                .find("config key 'training.hours' is unknown"),
            std::string::npos);
  EXPECT_NE(error_of("rule_sets: [{ name: original, player: x }]\n")
                .find("config key 'rule_sets[0].player' is unknown"),
            std::string::npos);
  // A rule set's own agent is a player spec like the lab's.
  EXPECT_NE(error_of("rule_sets: [{ name: original, agent: x }]\n").find("rule_sets[0].agent: "),
            std::string::npos);
  // The fortress stretch of the builder-draw split must be a positive ply count.
  EXPECT_NE(error_of("fortress_plies: 0\n" + rules).find("fortress_plies"), std::string::npos);
  EXPECT_EQ(error_of("fortress_plies: 30\n" + rules), "");
  // The controls: a builder opponent must be a player spec, a control one of
  // the known kinds.
  EXPECT_NE(error_of("wall_opponents: [greedy, \"uct:x\"]\n" + rules).find("wall_opponents: "),
            std::string::npos);
  EXPECT_EQ(error_of("wall_opponents: [greedy, \"uct:1000\"]\n" + rules), "");
  EXPECT_NE(
      error_of("rule_sets: [{ name: original, control: maybe }]\n").find("rule_sets[0].control"),
      std::string::npos);
  EXPECT_EQ(error_of("rule_sets: [{ name: original, control: negative }]\n"), "");
}

// training.agents (issue 18: several agents per rule set): 1 by default,
// [1, 10], and more than 1 refused by name where the agents could not differ:
// a rule set reusing a run: (one network) or an agent spec without {agent};
// agent k's folder is <rule set>@k (agent 1's the one-agent lab's) and a
// rule set's name cannot hold the '@' that names them.
TEST_F(LabConfigFile, SeveralAgentsPerRuleSetAreRefusedWhereMeaningless) {
  const std::string rules = "rule_sets: [{ name: original }, { name: menke }]\n";
  const std::string trained =
      "agent: \"net:{agent}:sims={sims}\"\ntraining: { config: inchworm, iterations: 1, ";
  EXPECT_EQ(LabConfig::from_file(write("one.yaml", rules)).agents(), 1);
  const LabConfig three =
      LabConfig::from_file(write("three.yaml", trained + "agents: 3 }\n" + rules));
  EXPECT_EQ(three.agents(), 3);
  EXPECT_EQ(three.agent_folder(three.rule_sets[1], "out"), "out/agents/menke");
  EXPECT_EQ(three.agent_folder(three.rule_sets[1], "out", 1), "out/agents/menke");
  EXPECT_EQ(three.agent_folder(three.rule_sets[1], "out", 3), "out/agents/menke@3");
  EXPECT_EQ(agent_name("menke", 1), "menke");
  EXPECT_EQ(agent_name("menke", 2), "menke@2");
  EXPECT_NE(load_error(trained + "agents: 11 }\n" + rules)
                .find("config key 'training.agents': 11 is outside [1, 10]"),
            std::string::npos);
  EXPECT_NE(load_error(trained + "agents: 0 }\n" + rules).find("training.agents"),
            std::string::npos);
  // A rule set with run: has one network.
  const std::string with_run =
      trained + "agents: 2 }\nrule_sets: [{ name: original }, { name: menke, run: runs/m }]\n";
  EXPECT_EQ(load_error(with_run),
            write("bad.yaml", with_run) +
                ": training.agents is 2 but rule_sets[1] 'menke' reuses run: runs/m, one network "
                "(several agents are trained by the lab)");
  // One agent with a run: stays as before.
  EXPECT_EQ(load_error(trained +
                       "agents: 1 }\nrule_sets: [{ name: original }, { name: menke, run: r }]\n"),
            "");
  // An agent spec without {agent}: the trained agents would not play.
  EXPECT_NE(load_error("training: { config: inchworm, iterations: 1, agents: 2 }\n" + rules)
                .find("training.agents is 2 but the agent spec does not use {agent}"),
            std::string::npos);
  // Without training the key cannot be given alone.
  EXPECT_NE(load_error("agent: \"net:{agent}\"\ntraining: { agents: 2 }\n" + rules)
                .find("training.config"),
            std::string::npos);
  // '@' names the further agents, so a rule set cannot be called "original@2".
  EXPECT_NE(
      load_error("rule_sets: [{ name: original }, { name: \"original@2\" }]\n").find("holds '@'"),
      std::string::npos);
}

// The keys come from the structs' descriptors (core/config_fields.h): an
// unknown top-level key, a value outside its range (also inside a list) or
// of the wrong type is refused naming the file and the full key.
TEST_F(LabConfigFile, DescriptorErrorsNameTheFileAndTheKey) {
  const std::string rules = "rule_sets: [{ name: original }]\n";
  auto error_of = [&](const std::string& text) { return load_error(text + rules); };
  const std::string file = (dir_ / "bad.yaml").string();
  EXPECT_EQ(error_of("gamez: 3\n").rfind(file + ": config key 'gamez' is unknown (known: ", 0), 0u);
  EXPECT_EQ(error_of("threads: 0\n"), file + ": config key 'threads': 0 is outside [1, inf)");
  EXPECT_EQ(error_of("budgets: [1, 0]\n"),
            file + ": config key 'budgets[1]': 0 is outside [1, inf)");
  EXPECT_EQ(error_of("games: many\n"),
            file + ": config key 'games': cannot read 'many' as an integer");
  EXPECT_EQ(error_of("budgets: []\n"), file + ": budgets is empty");
  // Alone: appended to `rules` it would be the key given twice, refused as such.
  EXPECT_EQ(load_error("rule_sets: original\n"), file + ": config key 'rule_sets' must be a list");
  EXPECT_EQ(error_of("rule_sets: original\n"),
            "lab config '" + file + "': the key 'rule_sets' is given twice (lines 1 and 2)");
}

// The descriptors' JSON side handles the lists too: a config written as JSON
// reads back as itself, and a bad list element is named by its index.
TEST_F(LabConfigFile, JsonRoundTripsTheLists) {
  const LabConfig c = LabConfig::from_file(
      write("j.yaml",
            "budgets: [1, 4]\nrule_sets:\n  - { name: original, set: [stock=5] }\n"
            "  - { name: torus, rules: torus, run: runs/t }\n"));
  const nlohmann::json json = config_to_json(c);
  ASSERT_EQ(json.at("rule_sets").size(), 2u);
  EXPECT_EQ(json.at("rule_sets")[1].at("run"), "runs/t");
  LabConfig back;
  config_from_json(back, json, "");
  EXPECT_EQ(config_to_json(back), json);
  nlohmann::json bad = json;
  bad["rule_sets"][1]["rulez"] = "x";
  try {
    config_from_json(back, bad, "");
    FAIL() << "accepted rule_sets[1].rulez";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("config key 'rule_sets[1].rulez' is unknown", 0), 0u)
        << e.what();
  }
  bad = json;
  bad["budgets"] = {2, -1};
  EXPECT_THROW(config_from_json(back, bad, ""), GameError);
}

TEST_F(LabConfigFile, StrengthGateDefaultsAreTheIssuesAndGamesZeroTurnsItOff) {
  const std::string rules = "rule_sets: [{ name: original }]\n";
  const LabConfig d = LabConfig::from_file(write("d.yaml", rules));
  ASSERT_TRUE(d.strength_gate.enabled());
  EXPECT_EQ(d.strength_gate.games, 100);
  ASSERT_EQ(d.strength_gate.opponents.size(), 2u);
  EXPECT_EQ(d.strength_gate.opponents[0].player, "greedy");
  EXPECT_DOUBLE_EQ(d.strength_gate.opponents[0].bar.min_score, 0.9);
  EXPECT_EQ(d.strength_gate.opponents[1].player, "uct:1000:rollout_plies=40");
  EXPECT_DOUBLE_EQ(d.strength_gate.opponents[1].bar.min_score, 0.7);
  const LabConfig off =
      LabConfig::from_file(write("off.yaml", rules + "strength_gate: {games: 0}\n"));
  EXPECT_FALSE(off.strength_gate.enabled());
  const LabConfig own = LabConfig::from_file(write(
      "own.yaml", rules + "strength_gate: {games: 2, opponents: [{player: random, min_score: 0.5, "
                          "draw_score: 0}]}\n"));
  ASSERT_EQ(own.strength_gate.opponents.size(), 1u);
  EXPECT_EQ(own.strength_gate.opponents[0].player, "random");
  EXPECT_DOUBLE_EQ(own.strength_gate.opponents[0].bar.draw_score, 0);
  EXPECT_DOUBLE_EQ(d.strength_gate.opponents[0].bar.draw_score, 0.5);
  EXPECT_EQ(own.strength_gate.games, 2);
}

TEST_F(LabConfigFile, BadStrengthGatesAreRefusedByKey) {
  const std::string rules = "rule_sets: [{ name: original }]\n";
  const std::pair<const char*, const char*> cases[] = {
      {"strength_gate: {gamez: 2}\n", "strength_gate.gamez' is unknown"},
      {"strength_gate: {games: -1}\n", "strength_gate.games"},
      {"strength_gate: {opponents: [{player: greedy, min_score: 1.5}]}\n",
       "strength_gate.opponents[0].min_score"},
      {"strength_gate: {opponents: [{player: greedy, draw_score: -0.5}]}\n",
       "strength_gate.opponents[0].draw_score"},
      {"strength_gate: {opponents: [{player: greedy, draws: fail}]}\n",
       "strength_gate.opponents[0].draws' is unknown"},
      {"strength_gate: {opponents: [{player: nosuch}]}\n", "strength_gate.opponents[0].player"},
      {"strength_gate: {opponents: [{player: greedy}, {player: greedy}]}\n",
       "'greedy' repeats an earlier opponent"},
      {"strength_gate: {opponents: [{player: wall, set: [max_eyes_per_grup=1]}]}\n",
       "strength_gate.opponents[0].set: "},
      {"strength_gate: {opponents: [{player: wall, set: [max_eyes_per_group=1]}, "
       "{player: wall, set: [max_eyes_per_group=1]}]}\n",
       "'wall under max_eyes_per_group=1' repeats an earlier opponent"},
  };
  for (const auto& [yaml, expected] : cases) {
    try {
      LabConfig::from_file(write("bad.yaml", rules + yaml));
      ADD_FAILURE() << "accepted " << yaml;
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  }
}

TEST_F(LabConfigFile, SweepsExpandAndUnknownSweepKeysAreRefused) {
  const LabConfig c = LabConfig::from_file(
      write("s.yaml",
            "rule_sets:\n"
            "  - { name: original }\n"
            "  - { name: no-capture-limit, sweep: { no_capture_limit: [60, 120, 200] } }\n"));
  ASSERT_EQ(c.rule_sets.size(), 4u);
  EXPECT_EQ(c.rule_sets[3].name, "no-capture-limit=200");
  EXPECT_EQ(c.rule_sets[3].set, (std::vector<std::string>{"no_capture_limit=200"}));
  try {
    LabConfig::from_file(write("u.yaml",
                               "rule_sets:\n"
                               "  - { name: original, sweep: { enclosure_points: [1, 2] } }\n"));
    FAIL() << "an unknown sweep key was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("rule_sets[0].sweep.enclosure_points"), std::string::npos)
        << e.what();
  }
  // A swept name that a plain entry already has is a duplicate.
  EXPECT_THROW(LabConfig::from_file(write("d.yaml",
                                          "rule_sets:\n"
                                          "  - { name: x=1, rules: max-eyes-1 }\n"
                                          "  - { name: x, rules: max-eyes-1, "
                                          "sweep: { eye_max_size: [1] } }\n")),
               GameError);
}

// A rule set may play its own agent (`agent:`), which a sweep passes on to
// every value; a bad spec or one naming {agent} is refused with its key,
// and a result file of another agent is refused by name (check_played_by).
TEST_F(LabConfigFile, ARuleSetMayPlayItsOwnAgent) {
  const LabConfig c =
      LabConfig::from_file(write("own.yaml",
                                 "agent: \"siege:2\"\nsimulations: 4\n"
                                 "rule_sets:\n  - { name: original }\n"
                                 "  - { name: no-capture-limit, agent: \"uct:{sims}\", "
                                 "sweep: { no_capture_limit: [30, 60] } }\n"));
  ASSERT_EQ(c.rule_sets.size(), 3u);
  EXPECT_EQ(c.agent_spec(c.rule_sets[0], 1), "siege:2");
  EXPECT_EQ(c.agent_spec(c.rule_sets[1], 2), "uct:8");
  EXPECT_EQ(c.agent_spec(c.rule_sets[2], 1), "uct:4");
  EXPECT_TRUE(c.agent_per_entry());
  EXPECT_FALSE(c.agent_per_rule_set());
  EXPECT_NO_THROW(c.check_played_by(c.rule_sets[1], "f.json", "uct:4", "uct:4"));
  try {
    c.check_played_by(c.rule_sets[1], "f.json", "siege:2", "uct:4");
    FAIL() << "a cell of another agent was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("f.json was played by `siege:2`"), std::string::npos)
        << e.what();
  }
  const std::string rules = "rule_sets:\n  - { name: original }\n  - { name: menke, agent: ";
  for (const char* bad : {"\"siege:x\"", "\"nosuch:1\"", "\"net:{agent}\""}) {
    const std::string error = load_error(rules + bad + " }\n");
    EXPECT_NE(error.find("rule_sets[1]"), std::string::npos) << bad << ": " << error;
  }
}

// A rule set with its own agent under a lab that trains or reuses networks
// ("{agent}") needs no network of its own: it loads without a run: or
// training:, and gets no folder, unless a draw-seeker names its network.
TEST_F(LabConfigFile, ARuleSetWithItsOwnAgentNeedsNoNetwork) {
  const std::string head = "agent: \"net:{agent}:sims={sims}\"\n";
  const std::string rules =
      "rule_sets:\n  - { name: original, run: runs/original }\n"
      "  - { name: menke, agent: \"siege:2\" }\n";
  const LabConfig c = LabConfig::from_file(write("own-net.yaml", head + rules));
  EXPECT_TRUE(c.needs_network(c.rule_sets[0]));
  EXPECT_FALSE(c.needs_network(c.rule_sets[1]));
  EXPECT_EQ(c.agent_folder(c.rule_sets[0], "out"), "runs/original");
  EXPECT_EQ(c.agent_folder(c.rule_sets[1], "out"), "");
  // With training, the lab trains the first rule set's agent, not menke's.
  const LabConfig trained = LabConfig::from_file(
      write("own-trained.yaml",
            head + "training: { config: inchworm, minutes: 1 }\n" +
                "rule_sets:\n  - { name: original }\n  - { name: menke, agent: \"siege:2\" }\n"));
  EXPECT_EQ(trained.agent_folder(trained.rule_sets[0], "out"), "out/agents/original");
  EXPECT_EQ(trained.agent_folder(trained.rule_sets[1], "out"), "");
  // A draw-seeker naming {agent} needs menke's network: refused without one.
  const std::string error = load_error(head + "draw_seekers: [\"net:{agent}:sims=1\"]\n" + rules);
  EXPECT_NE(error.find("a draw-seeker uses {agent} but 'menke' has no run:"), std::string::npos)
      << error;
}

// The reports state the settings beyond the rules: the lab's overrides, then
// each rule set's own `set`, a sweep's value (in the name) left out, and only
// a sweep's: a name of the user's that ends in its own setting's "=value"
// (limit=30) still has it stated.
TEST_F(LabConfigFile, GameSettingsTextNamesTheOverridesAndEachRuleSetsOwnSet) {
  const LabConfig c = LabConfig::from_file(
      write("settings.yaml",
            "overrides: [max_plies=600]\n"
            "rule_sets:\n  - { name: original }\n  - { name: menke, set: [max_plies=900] }\n"
            "  - { name: no-capture-limit, sweep: { no_capture_limit: [30] } }\n"
            "  - { name: torus, set: [width=6], sweep: { no_capture_limit: [40] } }\n"
            "  - { name: limit=30, rules: original, set: [no_capture_limit=30] }\n"));
  EXPECT_EQ(c.game_settings_text(),
            " Every rule set with: `max_plies=600`. `menke` also with: `max_plies=900`."
            " `torus=40` also with: `width=6`. `limit=30` also with: `no_capture_limit=30`.");
  const LabConfig plain =
      LabConfig::from_file(write("plain.yaml", "rule_sets: [{ name: a, rules: original }]\n"));
  EXPECT_EQ(plain.game_settings_text(), "");
}

// A cell played under other game options than the config now gives its rule
// set (its `set` or the lab's overrides changed) is refused by name.
TEST_F(LabConfigFile, ACellOfOtherGameOptionsIsRefused) {
  const LabConfig c =
      LabConfig::from_file(write("options.yaml",
                                 "overrides: [max_plies=600]\n"
                                 "rule_sets:\n  - { name: menke, set: [max_plies=900] }\n"));
  const std::string now = c.game_of(c.rule_sets[0])->options().non_defaults();
  EXPECT_NE(now.find("max_plies=900"), std::string::npos) << now;
  EXPECT_NO_THROW(c.check_played_under(c.rule_sets[0], "f.json", now));
  const LabConfig before = LabConfig::from_file(
      write("before.yaml", "overrides: [max_plies=600]\nrule_sets:\n  - { name: menke }\n"));
  const std::string old = before.game_of(before.rule_sets[0])->options().non_defaults();
  try {
    c.check_played_under(c.rule_sets[0], "f.json", old);
    FAIL() << "a cell of max_plies=600 was accepted under max_plies=900";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("f.json was played under the options '" + old + "'"),
              std::string::npos)
        << e.what();
  }
}

// A draw_seekers entry is a player spec with the agent's tokens, checked at
// load: a bad one is refused naming its key, whether the spec's kind or a
// registered kind's argument is wrong.
TEST_F(LabConfigFile, DrawSeekersAreCheckedAtLoadAndFollowTheBudget) {
  const std::string rules = "simulations: 16\nrule_sets: [{ name: original }]\n";
  auto error_of = [&](const std::string& text) { return load_error(text + rules); };
  for (const char* bad : {"drawseek:lots", "drawseek:{sims}:c=x", "nosuch:{sims}", "uct:x"}) {
    const std::string error =
        error_of("draw_seekers: [\"drawseek:{sims}\", \"" + std::string(bad) + "\"]\n");
    EXPECT_NE(error.find("bad.yaml: draw_seekers[1]: "), std::string::npos) << bad << ": " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << "not one line: " << error;
  }
  const LabConfig c = LabConfig::from_file(
      write("good.yaml", "draw_seekers: [\"drawseek:{sims}:rollout_plies=40\", greedy]\n" + rules));
  ASSERT_EQ(c.draw_seekers.size(), 2u);
  EXPECT_EQ(c.draw_seeker_spec(0, 4), "drawseek:64:rollout_plies=40");
  EXPECT_EQ(c.draw_seeker_spec(1, 4), "greedy");
  // The default plays none.
  EXPECT_TRUE(LabConfig::from_file(write("none.yaml", rules)).draw_seekers.empty());
}

// Every shipped lab preset reads (their relative training configs resolve
// beside them; configs/lab/agent-8x8.yaml is such a run config, not a lab).
TEST_F(LabConfigFile, ShippedPresetsRead) {
  for (const char* name : {"quick", "wall", "candidates", "controls", "sweeps", "verdict-ab2"}) {
    const fs::path path =
        fs::path(INCHZERO_SOURCE_DIR) / "configs/lab" / (name + std::string(".yaml"));
    const LabConfig c = LabConfig::from_file(path.string());
    EXPECT_GE(c.rule_sets.size(), 2u) << path;
    if (c.training.enabled()) {
      EXPECT_TRUE(fs::is_regular_file(c.training.config)) << path;
    }
  }
}

}  // namespace
}  // namespace inchzero::lab
