// The rules' behaviour fingerprint: every shipped rule set of every game has
// its own; the way rules are written (an option spelled at its default, a
// line an older inchzero did not write) does not change it; a change of play
// does.
#include "core/rules_fingerprint.h"

#include <gtest/gtest.h>

#include <map>

#include "core/registry.h"

namespace inchzero {
namespace {

// Every shipped rule set of every game, by "game/rule set".
std::map<std::string, std::shared_ptr<const Game>> shipped_rule_sets() {
  std::map<std::string, std::shared_ptr<const Game>> out;
  for (const GameEntry& entry : game_table()) {
    for (const std::string& name : shipped_rule_names(entry.name)) {
      out[entry.name + "/" + name] = load_game(entry.name, name);
    }
  }
  return out;
}

// No two shipped rule sets play the same game (none is a copy of another), so
// no two may share a fingerprint: a collision here means the playouts never
// reach where the two differ, and records of one would train the other.
TEST(RulesFingerprint, EveryShippedRuleSetHasItsOwn) {
  std::map<uint64_t, std::string> seen;
  for (const auto& [name, game] : shipped_rule_sets()) {
    const uint64_t fingerprint = behaviour_fingerprint(*game);
    EXPECT_NE(fingerprint, 0u) << name;
    const auto [it, fresh] = seen.emplace(fingerprint, name);
    EXPECT_TRUE(fresh) << name << " and " << it->second << " share "
                       << fingerprint_hex(fingerprint);
  }
  EXPECT_GE(seen.size(), 22u);  // 14 Inchworm, 3 Invector, 2 + 1 chess, 2 Steere
}

// The same behaviour, written another way: every option of every game spelled
// out at its default value gives the fingerprint of the defaults; so does a
// rules text without the option's line (an older inchzero's record).
TEST(RulesFingerprint, AnOptionAtItsDefaultDoesNotChangeIt) {
  for (const GameEntry& entry : game_table()) {
    const auto plain = load_game(entry.name);
    const uint64_t fingerprint = behaviour_fingerprint(*plain);
    EXPECT_EQ(behaviour_fingerprint(*load_game(entry.name)), fingerprint) << entry.name;
    const OptionSchema& schema = entry.schema();
    for (const OptionSpec& spec : schema.specs()) {
      const std::string value = schema.format(spec, plain->options().get_int(spec.name));
      const auto spelled = load_game(entry.name, "", {spec.name + "=" + value});
      EXPECT_EQ(behaviour_fingerprint(*spelled), fingerprint) << entry.name << " " << spec.name;
      // The recorded text without this option's line.
      std::string yaml = plain->options().to_yaml();
      const size_t at = yaml.find(spec.name + ": ");
      ASSERT_NE(at, std::string::npos) << spec.name;
      yaml.erase(at, yaml.find('\n', at) + 1 - at);
      EXPECT_EQ(fingerprint_of_recorded_rules(entry.name, yaml), fingerprint)
          << entry.name << " without " << spec.name;
    }
  }
}

// A change of play changes it: the board, a capture rule, the pie rule, a
// scoring option, a cap.
TEST(RulesFingerprint, AChangeOfPlayChangesIt) {
  const auto differs = [](const std::string& game, const std::string& rules,
                          const std::vector<std::string>& overrides) {
    return behaviour_fingerprint(*load_game(game, rules)) !=
           behaviour_fingerprint(*load_game(game, rules, overrides));
  };
  EXPECT_TRUE(differs("inchworm", "small", {"width=5"}));
  EXPECT_TRUE(differs("inchworm", "small", {"menke=false"}));
  EXPECT_TRUE(differs("inchworm", "original", {"target_score=59"}));
  EXPECT_TRUE(differs("inchworm", "original", {"max_plies=999"}));
  EXPECT_TRUE(differs("inchworm", "enclosure-capture", {"enclosed_space_points=true"}));
  EXPECT_TRUE(differs("invector", "", {"pie=false"}));
  EXPECT_TRUE(differs("invector", "", {"max_plies=20"}));
  EXPECT_TRUE(differs("steere-inchworm", "", {"max_plies=100"}));
  EXPECT_TRUE(differs("inchworm-chess", "", {"inchworm=false"}));
}

// The fingerprint is a fixed function of behaviour: records written by one
// build are compared by another. A failure here means old records would no
// longer match their rules: either the procedure changed (then it needs a new
// record version) or a game's play did (then the old records are truly of
// other rules, and the pinned values are updated on purpose).
TEST(RulesFingerprint, IsPinnedForTheDefaultsOfEveryGame) {
  const std::map<std::string, std::string> pinned = {
      {"inchworm", "a473961d1f4bd4ff"},        {"inchworm-chess", "3c564576f620d6ee"},
      {"longworm-chess", "4efd2c1f7f9f5439"},  {"invector", "3e73e8b7a65f1d9e"},
      {"steere-inchworm", "1af9fb405d2b0cfb"},
  };
  for (const GameEntry& entry : game_table()) {
    EXPECT_EQ(fingerprint_hex(behaviour_fingerprint(*load_game(entry.name))), pinned.at(entry.name))
        << entry.name;
  }
}

TEST(RulesFingerprint, RecordedRulesThatCannotBeRebuiltAreUnknown) {
  const std::string yaml = load_game("invector")->options().to_yaml();
  EXPECT_EQ(fingerprint_of_recorded_rules("invector", yaml),
            behaviour_fingerprint(*load_game("invector")));
  EXPECT_EQ(fingerprint_of_recorded_rules("invector", yaml + "added_later: 3\n"), 0u);
  EXPECT_EQ(fingerprint_of_recorded_rules("invector", "pie: maybe\n"), 0u);
  EXPECT_EQ(fingerprint_of_recorded_rules("no-such-game", yaml), 0u);
  EXPECT_EQ(fingerprint_of_recorded_rules("invector", ""), 0u);
}

}  // namespace
}  // namespace inchzero
