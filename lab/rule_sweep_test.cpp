// Parameter sweeps of lab rule sets: expansion into one named rule set per
// value, and the errors for a bad sweep.
#include "lab/rule_sweep.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "lab/lab_config.h"

namespace inchzero::lab {
namespace {

RuleSetEntry entry(const std::string& name, const std::string& rules = "",
                   const std::vector<std::string>& set = {}) {
  RuleSetEntry e;
  e.name = name;
  e.rules = rules;
  e.set = set;
  return e;
}

TEST(RuleSweep, OneRuleSetPerValueInPlace) {
  RuleSetEntry limit = entry("no-capture-limit", "", {"stock=12"});
  limit.sweep.no_capture_limit = {60, 120, 200};
  RuleSetEntry eyes = entry("eyes", "max-eyes-1");
  eyes.sweep.eye_max_size = {1, 2};
  std::vector<RuleSetEntry> entries = {entry("original"), limit, eyes};
  expand_sweeps(entries, "x.yaml: ");
  std::vector<std::string> names;
  for (const RuleSetEntry& e : entries) names.push_back(e.name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"original", "no-capture-limit=60", "no-capture-limit=120",
                                      "no-capture-limit=200", "eyes=1", "eyes=2"}));
  // The rules default to the entry's name; its own overrides come first.
  EXPECT_EQ(entries[2].rules, "no-capture-limit");
  EXPECT_EQ(entries[2].set, (std::vector<std::string>{"stock=12", "no_capture_limit=120"}));
  EXPECT_EQ(entries[5].rules, "max-eyes-1");
  EXPECT_EQ(entries[5].set, (std::vector<std::string>{"eye_max_size=2"}));
  EXPECT_TRUE(entries[5].sweep.eye_max_size.empty());
  EXPECT_EQ(entries[0].rules, "") << "entries without a sweep are kept as they are";
}

TEST(RuleSweep, RefusesTwoOptionsAndBadValues) {
  RuleSetEntry two = entry("x");
  two.sweep.no_capture_limit = {60};
  two.sweep.eye_max_size = {1};
  std::vector<RuleSetEntry> entries = {two};
  try {
    expand_sweeps(entries, "x.yaml: ");
    FAIL() << "two swept options accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("x.yaml: rule_sets[0].sweep: sweep one option"),
              std::string::npos)
        << e.what();
  }
  RuleSetEntry negative = entry("y");
  negative.sweep.no_capture_limit = {60, -1};
  entries = {negative};
  try {
    expand_sweeps(entries, "x.yaml: ");
    FAIL() << "a negative limit accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("rule_sets[0].sweep.no_capture_limit: bad value '-1'"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace inchzero::lab
