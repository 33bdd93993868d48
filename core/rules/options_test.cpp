// Rule options: `--set key=value` and YAML rule files. Every bad input is a
// GameError whose message names the offending key or value.
#include "core/rules/options.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "core/game.h"
#include "core/registry.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// A small schema of its own, so that these tests do not depend on any game.
const OptionSchema& schema() {
  static const OptionSchema kSchema(
      "testgame", {
                      OptionSpec::Int("size", 8, 3, 16, "board size"),
                      OptionSpec::Bool("flag", false, "a switch"),
                      OptionSpec::Choice("shape", {"flat", "cylinder", "torus"}, "a choice"),
                  });
  return kSchema;
}

// The message of the GameError that `f` throws ("" and a failure if none).
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const GameError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no GameError thrown";
  return "";
}

bool has(const std::string& message, const std::string& needle) {
  return message.find(needle) != std::string::npos;
}

std::string set_error(const std::string& assignment) {
  return error_of([&] {
    RuleOptions o = schema().defaults();
    schema().set_assignment(o, assignment);
  });
}

TEST(Options, SetAssignmentsApply) {
  RuleOptions o = load_rule_options(schema(), "", {"size=12", "flag=true", "shape=torus"});
  EXPECT_EQ(o.get_int("size"), 12);
  EXPECT_TRUE(o.get_bool("flag"));
  EXPECT_EQ(o.get_choice("shape"), "torus");
  EXPECT_EQ(o.label(), "default+size=12+flag=true+shape=torus");
  EXPECT_EQ(o.non_defaults(), "size=12,flag=true,shape=torus");
}

// Recorded rules compare by behaviour: order, missing lines at their
// defaults and the label do not matter; a value, an unknown option and an
// unreadable line do.
TEST(Options, RecordedRulesCompareByBehaviourNotText) {
  const RuleOptions run = load_rule_options(schema(), "", {"size=12"});
  EXPECT_EQ(run.difference_from(run.to_yaml()), "");
  EXPECT_EQ(run.difference_from("shape: flat\nsize: 12\n"), "");  // flag missing: its default
  EXPECT_EQ(run.difference_from("size: 12\n"), "");
  EXPECT_EQ(run.difference_from("size: 8\nflag: false\nshape: flat\n"),
            "size (record: 8, run: 12)");
  EXPECT_EQ(run.difference_from("shape: flat\n"), "size (record: 8, run: 12)");
  EXPECT_EQ(run.difference_from("size: 12\ncolour: red\n"), "colour: red (unknown to these rules)");
  EXPECT_EQ(run.difference_from("size: 12\nflag: maybe\n"), "flag: maybe (unknown to these rules)");
  EXPECT_EQ(run.difference_from("size: 99\n"),
            "size: 99 (unknown to these rules)");  // out of range: unreadable
}

TEST(Options, UnknownSetKeyIsNamed) {
  const std::string m = set_error("colour=red");
  EXPECT_TRUE(has(m, "unknown rule option 'colour'")) << m;
  EXPECT_TRUE(has(m, "size, flag, shape")) << m;  // the known options are listed
}

TEST(Options, BadBoolIsNamed) {
  const std::string m = set_error("flag=maybe");
  EXPECT_TRUE(has(m, "'maybe'")) << m;
  EXPECT_TRUE(has(m, "'flag'")) << m;
  EXPECT_TRUE(has(m, "true or false")) << m;
}

TEST(Options, BadChoiceIsNamed) {
  const std::string m = set_error("shape=sphere");
  EXPECT_TRUE(has(m, "'sphere'")) << m;
  EXPECT_TRUE(has(m, "'shape'")) << m;
  EXPECT_TRUE(has(m, "one of flat, cylinder, torus")) << m;
  // Choices are case-sensitive.
  EXPECT_TRUE(has(set_error("shape=Torus"), "'Torus'"));
}

TEST(Options, BadIntegersAreNamed) {
  for (const std::string bad : {"17", "2", "-1", "ten", "8x", "", "99999999999999999999"}) {
    const std::string m = set_error("size=" + bad);
    EXPECT_TRUE(has(m, "'" + bad + "'")) << m;
    EXPECT_TRUE(has(m, "'size'")) << m;
    EXPECT_TRUE(has(m, "an integer from 3 to 16")) << m;
  }
  // The bounds themselves are accepted.
  RuleOptions o = load_rule_options(schema(), "", {"size=3"});
  EXPECT_EQ(o.get_int("size"), 3);
  EXPECT_EQ(load_rule_options(schema(), "", {"size=16"}).get_int("size"), 16);
}

TEST(Options, MissingEqualsIsNamed) {
  for (const std::string bad : {"flag", "=true", ""}) {
    const std::string m = set_error(bad);
    EXPECT_TRUE(has(m, "bad --set '" + bad + "'")) << m;
    EXPECT_TRUE(has(m, "expected key=value")) << m;
  }
  // Only the first '=' splits: the rest is the value.
  EXPECT_TRUE(has(set_error("size=1=2"), "'1=2'"));
}

TEST(Options, OverridesThroughLoadAreChecked) {
  const std::string m = error_of([] { load_rule_options(schema(), "", {"size=3", "nope=1"}); });
  EXPECT_TRUE(has(m, "'nope'")) << m;
}

// The stricter reading (repeated keys, non-scalar values) accepts every
// shipped rule set of every game.
TEST(Options, EveryShippedRuleSetOfEveryGameLoads) {
  for (const GameEntry& entry : game_table())
    for (const std::string& name : shipped_rule_names(entry.name))
      EXPECT_NO_THROW(load_game(entry.name, name)) << entry.name << " " << name;
}

// A saved network names its rules by label; the label rebuilds the same
// options, for every shipped rule set and with overrides.
TEST(Options, LabelsRebuildTheirRules) {
  for (const GameEntry& entry : game_table())
    for (const std::string& name : shipped_rule_names(entry.name)) {
      const auto game = load_game(entry.name, name);
      const auto again = load_game_from_label(entry.name, game->options().label());
      EXPECT_EQ(again->options().to_yaml(), game->options().to_yaml()) << entry.name << " " << name;
    }
  const auto game = load_game("inchworm", "menke", {"max_plies=200", "target_score=12"});
  EXPECT_EQ(game->options().label(), "menke+max_plies=200+target_score=12");
  const auto again = load_game_from_label("inchworm", game->options().label());
  EXPECT_EQ(again->options().to_yaml(), game->options().to_yaml());
  EXPECT_EQ(load_game_from_label("inchworm", "default")->options().to_yaml(),
            load_game("inchworm")->options().to_yaml());
  const std::string m = error_of([] { load_game_from_label("inchworm", "original+nope=1"); });
  EXPECT_TRUE(has(m, "'original+nope=1'") && has(m, "'nope'")) << m;
}

// ---- rule files ----

class RuleFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inchzero_options_" + std::to_string(::getpid()) + "_" +
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
  std::string load_error(const std::string& path) {
    return error_of([&] { load_rule_options(schema(), path); });
  }
  fs::path dir_;
};

TEST_F(RuleFile, LoadsOptionsAndInheritsFromARelativePath) {
  write("base.yaml", "options: { size: 5, shape: cylinder }\n");
  const std::string child = write("child.yaml",
                                  "game: testgame\ninherits: base.yaml\n"
                                  "description: \"x\"\noptions:\n  shape: torus\n  flag: yes\n");
  RuleOptions o = load_rule_options(schema(), child, {"size=6"});
  EXPECT_EQ(o.get_int("size"), 6);            // the override comes last
  EXPECT_EQ(o.get_choice("shape"), "torus");  // the child wins over its parent
  EXPECT_TRUE(o.get_bool("flag"));
  EXPECT_EQ(o.label(), child + "+size=6");
}

// A relative `inherits:` names the file beside the inheriting one, even when
// the current folder holds a file of that name (the command's folder must not
// change what a rule file means); from the current folder only when there is
// none beside it.
TEST_F(RuleFile, ARelativeParentIsTheOneBesideTheInheritingFile) {
  fs::create_directories(dir_ / "rules");
  write("base.yaml", "options: { size: 4 }\n");        // in the current folder below
  write("rules/base.yaml", "options: { size: 7 }\n");  // beside the child
  const std::string child = write("rules/child.yaml", "inherits: base.yaml\n");
  write("only-here.yaml", "options: { size: 9 }\n");
  const std::string orphan = write("rules/orphan.yaml", "inherits: only-here.yaml\n");
  const fs::path before = fs::current_path();
  fs::current_path(dir_);
  int beside = 0, from_cwd = 0;
  try {
    beside = load_rule_options(schema(), child).get_int("size");
    from_cwd = load_rule_options(schema(), orphan).get_int("size");
  } catch (...) {
    fs::current_path(before);
    throw;
  }
  fs::current_path(before);
  EXPECT_EQ(beside, 7);
  EXPECT_EQ(from_cwd, 9);
}

TEST_F(RuleFile, UnknownRuleSetNameIsNamed) {
  const std::string m = load_error("no-such-rules");
  EXPECT_TRUE(has(m, "unknown rule set 'no-such-rules'")) << m;
  EXPECT_TRUE(has(m, "testgame")) << m;
}

TEST_F(RuleFile, UnreadableFileIsNamed) {
  const std::string missing = (dir_ / "missing.yaml").string();
  std::string m = load_error(missing);
  EXPECT_TRUE(has(m, "cannot read rule file '" + missing + "': it does not exist")) << m;
  // A directory is not a rule file either.
  fs::create_directories(dir_ / "folder.yaml");
  const std::string folder = (dir_ / "folder.yaml").string();
  m = load_error(folder);
  EXPECT_TRUE(has(m, "cannot read rule file '" + folder + "': it is a directory")) << m;
  // Nor a device or a FIFO: refused at once, not read for seconds or waited on.
  m = load_error("/dev/zero");
  EXPECT_TRUE(has(m, "cannot read rule file '/dev/zero': it is a character device")) << m;
  // A parent that cannot be read names the parent.
  const std::string child = write("child.yaml", "inherits: gone.yaml\n");
  m = load_error(child);
  EXPECT_TRUE(has(m, "'gone.yaml'")) << m;
}

TEST_F(RuleFile, UnknownTopLevelKeyIsNamed) {
  const std::string path = write("a.yaml", "inherit: base\noptions: {}\n");
  const std::string m = load_error(path);
  EXPECT_TRUE(has(m, path)) << m;
  EXPECT_TRUE(has(m, "unknown key 'inherit'")) << m;
}

TEST_F(RuleFile, UnknownOptionIsNamed) {
  const std::string path = write("a.yaml", "options: { size: 5, colour: red }\n");
  const std::string m = load_error(path);
  EXPECT_TRUE(has(m, path)) << m;
  EXPECT_TRUE(has(m, "unknown rule option 'colour'")) << m;
}

TEST_F(RuleFile, BadValuesAreNamed) {
  std::string m = load_error(write("a.yaml", "options: { flag: maybe }\n"));
  EXPECT_TRUE(has(m, "'maybe'") && has(m, "'flag'")) << m;
  m = load_error(write("b.yaml", "options: { shape: sphere }\n"));
  EXPECT_TRUE(has(m, "'sphere'") && has(m, "'shape'")) << m;
  m = load_error(write("c.yaml", "options: { size: 40 }\n"));
  EXPECT_TRUE(has(m, "'40'") && has(m, "'size'")) << m;
}

TEST_F(RuleFile, NonScalarValuesAreNamed) {
  std::string m = load_error(write("a.yaml", "options: { size: [5, 6] }\n"));
  EXPECT_TRUE(has(m, "option 'size' must be a single value")) << m;
  m = load_error(write("b.yaml", "options: { shape: { a: 1 } }\n"));
  EXPECT_TRUE(has(m, "option 'shape' must be a single value")) << m;
  m = load_error(write("c.yaml", "options:\n  flag:\n"));  // no value at all
  EXPECT_TRUE(has(m, "option 'flag' must be a single value")) << m;
  m = load_error(write("d.yaml", "options: [size, 5]\n"));
  EXPECT_TRUE(has(m, "'options' must be a mapping")) << m;
  m = load_error(write("e.yaml", "inherits: [base, other]\n"));
  EXPECT_TRUE(has(m, "'inherits' must be a single value")) << m;
  m = load_error(write("f.yaml", "game: { name: testgame }\n"));
  EXPECT_TRUE(has(m, "'game' must be a single value")) << m;
  m = load_error(write("g.yaml", "- options\n"));
  EXPECT_TRUE(has(m, "expected a mapping at the top level")) << m;
}

TEST_F(RuleFile, WrongGameIsNamed) {
  const std::string m = load_error(write("a.yaml", "game: chess\n"));
  EXPECT_TRUE(has(m, "is for game 'chess'")) << m;
}

TEST_F(RuleFile, YamlSyntaxErrorNamesTheFile) {
  const std::string path = write("a.yaml", "options: { size: 5\n");
  const std::string m = load_error(path);
  EXPECT_TRUE(has(m, path) && has(m, "not valid YAML")) << m;
}

// yaml-cpp keeps both entries of a repeated key; the last used to win
// silently. A repeated key is an error that names it.
TEST_F(RuleFile, RepeatedKeyIsNamed) {
  std::string m = load_error(write("a.yaml", "options:\n  size: 5\n  flag: true\n  size: 6\n"));
  EXPECT_TRUE(has(m, "the key 'options.size' is given twice (lines 2 and 4)")) << m;
  m = load_error(write("b.yaml", "options: { shape: torus, shape: flat }\n"));
  EXPECT_TRUE(has(m, "the key 'options.shape' is given twice")) << m;
  write("base.yaml", "options: {}\n");
  m = load_error(write("c.yaml", "inherits: base.yaml\ninherits: base.yaml\n"));
  EXPECT_TRUE(has(m, "the key 'inherits' is given twice")) << m;
  m = load_error(write("d.yaml", "options: { size: 5 }\noptions: { size: 6 }\n"));
  EXPECT_TRUE(has(m, "the key 'options' is given twice")) << m;
  // The same key in a parent and a child is an ordinary override.
  write("parent.yaml", "options: { size: 5 }\n");
  RuleOptions o = load_rule_options(schema(), write("child.yaml",
                                                    "inherits: parent.yaml\n"
                                                    "options: { size: 6 }\n"));
  EXPECT_EQ(o.get_int("size"), 6);
}

TEST_F(RuleFile, InheritanceCycleIsNamed) {
  const std::string self = write("self.yaml", "inherits: self.yaml\n");
  const std::string self_text = "rule file '" + self + "'";
  std::string m = load_error(self);
  EXPECT_EQ(m, self_text + ": an `inherits:` cycle: " + self_text + " -> " + self_text) << m;
  const std::string a = write("a.yaml", "inherits: b.yaml\n");
  const std::string b = write("b.yaml", "inherits: a.yaml\n");
  m = load_error(a);
  EXPECT_TRUE(has(m, "an `inherits:` cycle: rule file '" + a + "' -> rule file '" + b +
                         "' -> rule file '" + a + "'"))
      << m;
}

// A chain is bounded: 17 files, each inheriting the next, are refused by
// name rather than followed.
TEST_F(RuleFile, AnInheritanceChainIsBounded) {
  for (int i = 0; i < 17; ++i)
    write("c" + std::to_string(i) + ".yaml", "inherits: c" + std::to_string(i + 1) + ".yaml\n");
  write("c17.yaml", "options: {}\n");
  const std::string m = load_error((dir_ / "c0.yaml").string());
  EXPECT_TRUE(has(m, "`inherits:` chains more than 16 files")) << m;
  // 16 files are a chain, and read.
  EXPECT_NO_THROW(load_rule_options(schema(), (dir_ / "c2.yaml").string()));
}

}  // namespace
}  // namespace inchzero
