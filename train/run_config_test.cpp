#include "train/run_config.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/embedded_files.h"
#include "core/registry.h"
#include "core/solver/solution_file.h"
#include "core/solver/solver.h"

namespace inchzero {
namespace {

std::string error_of(const std::string& yaml) {
  try {
    RunConfig::from_yaml_text(yaml, "test.yaml");
  } catch (const GameError& e) {
    return e.what();
  }
  return "";
}

TEST(RunConfig, ReadsEverySectionIntoItsOwner) {
  RunConfig c = RunConfig::from_yaml_text(R"(
seed: 42
game: {name: inchworm, rules: original, set: [target_score=12, width=6]}
network: {blocks: 3, channels: 16}
selfplay: {workers: 2, full_visits: 40, search: {c_puct: 2.0}}
trainer: {batch_size: 64, learning_rate: 0.01}
replay: {min_samples: 500, reuse: 2.5}
evaluation: {games_vs_baselines: 8, baselines: "random, greedy, uct:30"}
iteration: {games: 16}
budget: {minutes: 3}
)",
                                          "test.yaml");
  EXPECT_EQ(c.seed, 42u);
  EXPECT_EQ(c.game.set.size(), 2u);
  EXPECT_EQ(c.game.load()->options().get_int("width"), 6);
  EXPECT_EQ(c.network.blocks, 3);
  EXPECT_EQ(c.selfplay.full_visits, 40);
  EXPECT_FLOAT_EQ(c.selfplay.search.c_puct, 2.0f);
  EXPECT_EQ(c.trainer.batch_size, 64);
  EXPECT_DOUBLE_EQ(c.replay.reuse, 2.5);
  EXPECT_EQ(c.evaluation.baseline_specs(),
            (std::vector<std::string>{"random", "greedy", "uct:30"}));
  EXPECT_EQ(c.iteration.games, 16);
  EXPECT_DOUBLE_EQ(c.budget.minutes, 3);
}

TEST(RunConfig, TheResolvedYamlReadsBackTheSame) {
  RunConfig c = RunConfig::load("inchworm-small");
  RunConfig again = RunConfig::from_yaml_text(c.to_yaml(), "resolved");
  EXPECT_EQ(again.to_yaml(), c.to_yaml());
  EXPECT_EQ(again.network.channels, c.network.channels);
}

TEST(RunConfig, DecimalsAreWrittenAsShortAsTheyReadBack) {
  RunConfig c = RunConfig::load("inchworm");
  c.selfplay.search.gumbel_c_scale = 0.1;
  c.trainer.learning_rate = 0.002;
  const std::string yaml = c.to_yaml();
  EXPECT_NE(yaml.find("gumbel_c_scale: 0.1\n"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("learning_rate: 0.002\n"), std::string::npos) << yaml;
  const RunConfig again = RunConfig::from_yaml_text(yaml, "resolved");
  EXPECT_EQ(again.selfplay.search.gumbel_c_scale, 0.1);  // exactly the same double
  EXPECT_EQ(again.trainer.learning_rate, 0.002);
}

TEST(RunConfig, NamesUnknownSectionsKeysAndBadValues) {
  EXPECT_NE(error_of("selfpaly: {workers: 1}").find("unknown section 'selfpaly'"),
            std::string::npos);
  EXPECT_NE(error_of("replay: {windw: 3}").find("windw"), std::string::npos);
  EXPECT_NE(error_of("network: {blocks: many}").find("blocks"), std::string::npos);
  EXPECT_NE(error_of("selfplay: {search: {cpuct: 1}}").find("cpuct"), std::string::npos);
  EXPECT_NE(error_of("trainer: {batch_sise: 3}").find("batch_sise"), std::string::npos);
  EXPECT_NE(error_of("evaluation: {baselines: \"random,foo\"}").find("foo"), std::string::npos);
  EXPECT_NE(error_of("game: {set: [nonsense=1]}").find("nonsense"), std::string::npos);
  EXPECT_NE(error_of("budget: {minutes: -1}").find("minutes"), std::string::npos);
  EXPECT_NE(error_of("inherits: no-such-config").find("no-such-config"), std::string::npos);
  EXPECT_EQ(error_of("budget: {minutes: 1}"), "");
}

// A name the file system refuses (longer than a file name may be) is no
// config: the reader's one-line error, not a std::filesystem_error (found by
// the run_config fuzzer), whether it is inherited or loaded.
TEST(RunConfig, ANameTooLongForAFileIsNoConfig) {
  const std::string name(300, 'a');
  EXPECT_NE(error_of("inherits: " + name).find("no config file '" + name + "'"), std::string::npos);
  try {
    RunConfig::load(name);
    ADD_FAILURE() << "a config named by 300 letters loaded";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("no embedded config '" + name + "'"), std::string::npos)
        << e.what();
  }
}

// A string that is not UTF-8 is refused where it is read: yaml-cpp would
// write it back with its bytes replaced, so the config would not read back
// as itself (core/utf8.h; found by the run_config fuzzer).
TEST(RunConfig, ATextThatIsNotUtf8IsRefusedByKey) {
  EXPECT_NE(error_of("evaluation:\n  occasional: uct:2\xFF\xFE\n")
                .find("config key 'evaluation.occasional': not UTF-8 text (malformed byte 6 "
                      "of the value)"),
            std::string::npos);
  // Well-formed UTF-8 passes this check (the spec may still be refused as a
  // player spec, for another reason).
  EXPECT_EQ(error_of("evaluation:\n  occasional: \"uct:2\xC3\xA9\"\n").find("not UTF-8"),
            std::string::npos);
}

// Every section refuses a value outside its field's range, and a text that is
// not one of its choices, naming the full key and the accepted values.
TEST(RunConfig, OutOfRangeValuesAndUnknownChoicesNameTheFullKey) {
  const struct {
    const char* yaml;
    const char* message;
  } cases[] = {
      {"network: {channels: 0}", "config key 'network.channels': 0 is outside [1, 1024]"},
      {"selfplay: {workers: 65}", "config key 'selfplay.workers': 65 is outside [1, 64]"},
      {"selfplay: {search: {c_puct: -1}}",
       "config key 'selfplay.search.c_puct': -1 is outside [0, 100]"},
      {"selfplay: {precision: fp16}", "config key 'selfplay.precision': unknown precision 'fp16'"},
      {"trainer: {batch_size: 0}", "config key 'trainer.batch_size': 0 is outside [1, inf)"},
      {"trainer: {learning_rate: 10}", "config key 'trainer.learning_rate': 10 is outside (0, 10)"},
      {"trainer: {optimizer: adam}",
       "config key 'trainer.optimizer': 'adam' is not one of adamw, sgd"},
      {"trainer: {lr_schedule: linear}",
       "config key 'trainer.lr_schedule': 'linear' is not one of constant, cosine, step"},
      {"replay: {growth: 0}", "config key 'replay.growth': 0 is outside (0, 1]"},
      {"evaluation: {threads: 257}", "config key 'evaluation.threads': 257 is outside [1, 256]"},
      {"iteration: {games_per_shard: 0}",
       "config key 'iteration.games_per_shard': 0 is outside [1, inf)"},
      {"budget: {minutes: -0.5}", "config key 'budget.minutes': -0.5 is outside [0, inf)"},
      {"budget: {minutes: .nan}", "config key 'budget.minutes': nan is not a finite number"},
      {"trainer: {grad_clip_norm: .inf}",
       "config key 'trainer.grad_clip_norm': inf is not a finite number"},
      {"trainer: {weight_decay: .inf}",
       "config key 'trainer.weight_decay': inf is not a finite number"},
      {"game: {rules: [a]}", "config key 'game.rules': cannot read"},
      {"seed: -3", "config key 'seed': cannot read '-3' as an integer"},
      {"trainer: {batch_size: many}", "config key 'trainer.batch_size': cannot read 'many'"},
      {"selfplay: {search: {gumbel: maybe}}",
       "config key 'selfplay.search.gumbel': cannot read 'maybe' as a boolean"},
      {"replay: {windw: 3}", "config key 'replay.windw' is unknown (known: min_samples,"},
      {"selfplay: {search: {cpuct: 1}}", "config key 'selfplay.search.cpuct' is unknown"},
      {"replay: {min_samples: 10, max_samples: 5}",
       "config key 'replay.max_samples': 5 must be >= min_samples (10)"},
      {"trainer: {lr_schedule: step}",
       "config key 'trainer.lr_step_every': must be >= 1 for the step schedule"},
      {"evaluation: {baselines: \"random,foo\"}", "config key 'evaluation.baselines': "},
  };
  for (const auto& c : cases) {
    const std::string error = error_of(c.yaml);
    EXPECT_NE(error.find(std::string("test.yaml: ") + c.message), std::string::npos)
        << c.yaml << "\n  gave: " << error;
  }
  // The edges of the ranges are accepted.
  EXPECT_EQ(error_of("network: {channels: 1024, blocks: 0}\nselfplay: {workers: 64}\n"
                     "trainer: {momentum: 0}\nreplay: {growth: 1}\nevaluation: {threads: 256}"),
            "");
}

TEST(RunConfig, TheDocTableListsEveryKeyOfEverySection) {
  // Every key the resolved config writes (to_json, flattened to dotted keys)
  // has its row, once.
  const std::string table = RunConfig::doc_table();
  std::vector<std::string> keys;
  const std::function<void(const nlohmann::json&, const std::string&)> flatten =
      [&](const nlohmann::json& j, const std::string& prefix) {
        for (const auto& item : j.items()) {
          const std::string key = prefix.empty() ? item.key() : prefix + "." + item.key();
          if (item.value().is_object())
            flatten(item.value(), key);
          else
            keys.push_back(key);
        }
      };
  flatten(RunConfig{}.to_json(), "");
  EXPECT_GE(keys.size(), 80u);
  for (const std::string& key : keys) {
    const std::string row = "\n| `" + key + "` | ";
    const size_t at = table.find(row);
    EXPECT_NE(at, std::string::npos) << key << " has no row";
    EXPECT_EQ(table.find(row, at + 1), std::string::npos) << key << " has two rows";
  }
  EXPECT_EQ(static_cast<size_t>(std::count(table.begin(), table.end(), '\n')), keys.size() + 2);
  for (const char* section : {"seed", "game.", "network.", "selfplay.", "selfplay.search.",
                              "trainer.", "replay.", "evaluation.", "iteration.", "budget."})
    EXPECT_NE(table.find(std::string("| `") + section), std::string::npos) << section;
  EXPECT_NE(table.find("| `trainer.optimizer` | \"adamw\" | adamw, sgd | "), std::string::npos)
      << table;
  EXPECT_NE(table.find("| `selfplay.search.c_puct` | 1.5 | [0, 100] | "), std::string::npos);
}

TEST(RunConfig, DocsRunningMdHoldsTheGeneratedKeyTable) {
  std::ifstream in(INCHZERO_SOURCE_DIR "/docs/running.md");
  ASSERT_TRUE(in) << "docs/running.md is missing";
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find(RunConfig::doc_table()), std::string::npos)
      << "docs/running.md's key table is out of date (`inchzero run --config-doc` prints it); "
         "it should contain:\n"
      << RunConfig::doc_table();
}

TEST(RunConfig, DefaultsAreTheStructsOwn) {
  // The descriptor keeps every default: the JSON of a default RunConfig is
  // the JSON of its default sections.
  const RunConfig c;
  EXPECT_EQ(c.to_json().at("trainer"), to_json(TrainerConfig{}));
  EXPECT_EQ(c.to_json().at("selfplay"), SelfPlayConfig{}.to_json());
  EXPECT_EQ(c.to_json().at("selfplay").at("precision"), "auto");
  EXPECT_EQ(c.to_json().at("game").at("set"), nlohmann::json::array());
  // And the JSON reads back.
  RunConfig again;
  config_from_json(again, c.to_json(), "");
  EXPECT_EQ(again.to_json(), c.to_json());
}

TEST(RunConfig, InheritsOverridesSectionBySection) {
  const RunConfig base = RunConfig::load("inchworm");
  const RunConfig small = RunConfig::load("inchworm-small");
  // Overridden keys change; the others of the same section are inherited.
  EXPECT_NE(small.network.channels, base.network.channels);
  EXPECT_EQ(small.network.aux_outputs, base.network.aux_outputs);
  EXPECT_EQ(small.selfplay.workers, base.selfplay.workers);
  EXPECT_EQ(small.game.load()->options().get_int("width"), 5);
}

TEST(RunConfig, InheritsANameFromTheFileBesideBeforeTheEmbeddedCopy) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_inherits_" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  const auto write = [](const fs::path& path, const std::string& text) {
    std::ofstream(path) << text;
  };
  // A local, edited inchworm.yaml beside the child: the child inherits it.
  write(dir / "inchworm.yaml", "inherits: inchworm-small\ntrainer: {batch_size: 77}\n");
  write(dir / "child.yaml", "inherits: inchworm\nbudget: {minutes: 3}\n");
  const RunConfig child = RunConfig::load((dir / "child.yaml").string());
  EXPECT_EQ(child.trainer.batch_size, 77);
  EXPECT_DOUBLE_EQ(child.budget.minutes, 3);
  // No such file beside: the embedded config of that name.
  write(dir / "sub" / "other.yaml", "inherits: inchworm\n");
  EXPECT_EQ(RunConfig::load((dir / "sub" / "other.yaml").string()).trainer.batch_size,
            RunConfig::load("inchworm").trainer.batch_size);
  // A file named like the config it extends does not inherit itself: it gets
  // the embedded one (the pattern of a local override of a shipped config).
  write(dir / "inchworm-small.yaml", "inherits: inchworm-small\ntrainer: {batch_size: 55}\n");
  const RunConfig own = RunConfig::load((dir / "inchworm-small.yaml").string());
  EXPECT_EQ(own.trainer.batch_size, 55);
  EXPECT_EQ(own.game.load()->options().get_int("width"), 5);
  fs::remove_all(dir);
}

TEST(RunConfig, AKeyGivenTwiceIsRefusedByName) {
  EXPECT_NE(error_of("trainer: {batch_size: 64}\ntrainer: {batch_size: 32}\n")
                .find("test.yaml: the key 'trainer' is given twice (lines 1 and 2)"),
            std::string::npos);
  EXPECT_NE(error_of("trainer:\n  batch_size: 64\n  batch_size: 32\n")
                .find("the key 'trainer.batch_size' is given twice (lines 2 and 3)"),
            std::string::npos);
}

TEST(RunConfig, AnInheritsCycleIsNamed) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("inchzero_cycle_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "a.yaml") << "inherits: b.yaml\n";
  std::ofstream(dir / "b.yaml") << "inherits: a.yaml\n";
  std::string error;
  try {
    RunConfig::load((dir / "a.yaml").string());
  } catch (const GameError& e) {
    error = e.what();
  }
  const std::string a = (dir / "a.yaml").string(), b = (dir / "b.yaml").string();
  EXPECT_EQ(error, a + ": an `inherits:` cycle: " + a + " -> " + b + " -> " + a) << error;
  fs::remove_all(dir);
}

// The run folder keeps its config as config.yaml (to_yaml), and a resume
// reads it back: whatever a config accepts must write back as YAML that
// reads as the same config. Every numeric key of the documentation table,
// at the ends of its range and at the largest numbers a type holds: each
// value is refused, or it round-trips.
TEST(RunConfig, EveryAcceptedExtremeValueWritesBackAndReadsAsItself) {
  const std::string table = RunConfig::doc_table();
  int tried = 0, accepted = 0;
  std::istringstream rows(table);
  for (std::string row; std::getline(rows, row);) {
    // | `trainer.batch_size` | 256 | [1, inf) | meaning |
    const size_t k0 = row.find('`'), k1 = row.find('`', k0 + 1);
    if (k0 == std::string::npos || k1 == std::string::npos) continue;
    const std::string key = row.substr(k0 + 1, k1 - k0 - 1);
    const size_t cell = row.find("| ", row.find(" | ", k1 + 1) + 3);
    const std::string accepted_text = row.substr(cell + 2, row.find(" |", cell + 2) - cell - 2);
    const bool numeric =
        !accepted_text.empty() &&
        (accepted_text[0] == '[' || accepted_text[0] == '(' ||
         accepted_text.rfind("list, each", 0) == 0 || accepted_text == "list of numbers");
    if (!numeric) continue;
    const bool list = accepted_text[0] == 'l';
    for (const char* value : {"0", "-1", "1e-300", "0.1", "1", "2147483647", "2147483648",
                              "9223372036854775807", "18446744073709551615", "1e300", "-1e300",
                              "1.7976931348623157e308", "5e-324", ".inf", "-.inf", ".nan"}) {
      // {a: {b: value}} from "a.b".
      std::string yaml = "", close = "";
      std::string rest = key;
      for (size_t dot; (dot = rest.find('.')) != std::string::npos; rest = rest.substr(dot + 1)) {
        yaml += rest.substr(0, dot) + ": {";
        close += "}";
      }
      yaml += rest + ": " + (list ? "[" + std::string(value) + "]" : std::string(value)) + close;
      SCOPED_TRACE(yaml);
      ++tried;
      RunConfig config;
      try {
        config = RunConfig::from_yaml_text(yaml, "test.yaml");
      } catch (const GameError&) {
        continue;  // refused: fine
      }
      ++accepted;
      RunConfig back;
      ASSERT_NO_THROW(back = RunConfig::from_yaml_text(config.to_yaml(), "config.yaml"))
          << "written back as:\n"
          << config.to_yaml();
      EXPECT_EQ(back.to_json(), config.to_json());
    }
  }
  EXPECT_GT(tried, 500) << "the documentation table lists fewer numeric keys than it should";
  EXPECT_GT(accepted, 100);
}

TEST(RunConfig, TheDefaultConfigsAreEmbedded) {
  ASSERT_NE(embedded_file("inchworm.yaml"), nullptr);
  ASSERT_NE(embedded_file("inchworm-small.yaml"), nullptr);
  // Found by name, by file name, or by the path setup.sh uses, from any directory.
  EXPECT_EQ(RunConfig::load("inchworm").to_yaml(),
            RunConfig::load("configs/inchworm.yaml").to_yaml());
  EXPECT_EQ(RunConfig::load("inchworm.yaml").seed, RunConfig::load("inchworm").seed);
}

TEST(RunConfig, EveryGameHasAnEmbeddedConfigForItself) {
  for (const char* name :
       {"inchworm", "invector", "steere-inchworm", "inchworm-chess", "longworm-chess"}) {
    SCOPED_TRACE(name);
    const RunConfig c = RunConfig::load(name);
    EXPECT_EQ(c.game.name, name);
    EXPECT_GT(c.budget.minutes, 0);  // a default run stops by itself
  }
}

TEST(RunConfig, AnOpponentThatCannotPlayTheGameIsNamedWhenTheConfigIsRead) {
  // Stockfish plays only FIDE chess (the lab's wall-builder, only Inchworm:
  // lab/wall_player_test.cpp).
  const std::string error =
      error_of("game: {name: invector}\nevaluation: {baselines: \"random, stockfish\"}");
  EXPECT_NE(error.find("'stockfish' cannot play invector"), std::string::npos) << error;
  EXPECT_NE(
      error_of("game: {name: invector}\nevaluation: {occasional: stockfish, occasional_every: 3}")
          .find("'stockfish'"),
      std::string::npos);
  // Not played, not checked.
  EXPECT_EQ(
      error_of("game: {name: invector}\nevaluation: {occasional: stockfish, occasional_every: 0}"),
      "");
}

TEST(RunConfig, ASolutionOfAnotherBoardIsNamedWhenTheConfigIsRead) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("run_config_solution_" + std::to_string(::getpid()) + ".jsonl.gz"))
                               .string();
  solver::write_solution(
      path, solver::solve(*load_game("invector", "", {"width=3", "height=4", "max_plies=6"})));
  auto config = [&](const std::string& cap, const std::string& file) {
    return "game: {name: invector, set: [width=3, height=4, max_plies=" + cap +
           "]}\nevaluation: {solution: " + file + ", solution_sample: 10}";
  };
  EXPECT_EQ(error_of(config("6", path)), "");
  const std::string other = error_of(config("7", path));
  EXPECT_NE(other.find("max_plies=7"), std::string::npos) << other;
  const std::string missing = error_of(config("6", path + ".missing"));
  EXPECT_NE(missing.find(".missing"), std::string::npos) << missing;
  EXPECT_NE(error_of("evaluation: {solution_sample: -1}").find("solution_sample"),
            std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace inchzero
