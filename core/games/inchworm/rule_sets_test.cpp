// The shipped Inchworm rule sets (configs/rules/inchworm/*.yaml, RULINGS §1):
// each resolves to exactly its intended options, everything else staying at
// the original's values; and the option errors of the game name the key.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/rules.h"
#include "core/games/inchworm/test_support.h"
#include "core/rules/options.h"

namespace inchzero::inchworm {
namespace {

// Each shipped rule set and the options it changes from the defaults
// (RuleOptions::non_defaults, in schema order).
const std::map<std::string, std::string>& intended() {
  static const std::map<std::string, std::string> kIntended = {
      {"original", ""},
      {"cylinder", "topology=cylinder"},
      {"torus", "topology=torus"},
      {"drop-prisoners", "drop_prisoners=true"},
      {"max-eyes-1", "max_eyes_per_group=1"},
      {"max-edges-1", "max_edges_per_group=1"},
      {"enclosure-capture", "enclosure_capture=true"},
      {"enclosure-points", "enclosure_capture=true,enclosed_space_points=true"},
      {"enclosure-points-opponent",
       "enclosure_capture=true,enclosed_space_points=true,enclosed_space_points_own_capture=false"},
      {"enclosure-smaller-group", "enclosure_capture=true,smaller_group_only=true"},
      {"enclosure-smaller-group-area",
       "enclosure_capture=true,smaller_group_only=true,smaller_group_measure=area"},
      {"enclosure-mover-priority", "enclosure_capture=true,mover_priority=true"},
      {"smaller-group-only", "smaller_group_only=true"},
      {"mover-priority", "mover_priority=true"},
      {"no-capture-limit", "no_capture_limit=60"},
      {"no-capture-limit-per-piece", "no_capture_limit=20,no_capture_limit_per_piece=1"},
      {"menke", "menke=true"},
      {"small",
       "width=6,height=6,stock=12,target_score=20,max_plies=300,cap_result=score,menke=true"},
  };
  return kIntended;
}

TEST(RuleSets, EveryShippedSetIsListedHere) {
  std::vector<std::string> expected;
  for (const auto& [name, options] : intended()) expected.push_back(name);
  EXPECT_EQ(shipped_rule_names("inchworm"), expected);
}

TEST(RuleSets, EachSetChangesExactlyItsOptions) {
  for (const auto& [name, options] : intended()) {
    const RuleOptions o = load_rule_options(schema(), name);
    EXPECT_EQ(o.non_defaults(), options) << name;
    EXPECT_EQ(o.label(), name);
    // Every set builds a game.
    EXPECT_NE(load_game("inchworm", name), nullptr) << name;
  }
}

// The original is RULINGS §1 with every fix and variation off, so "the
// defaults" above are the original's values.
TEST(RuleSets, OriginalIsTheRulingsDefaults) {
  EXPECT_EQ(load_rule_options(schema(), "original").to_yaml(),
            "width: 8\n"
            "height: 8\n"
            "topology: flat\n"
            "stock: 25\n"
            "stock_red: -1\n"
            "stock_blue: -1\n"
            "target_score: 60\n"
            "drop_prisoners: false\n"
            "repetition_draw: 3\n"
            "max_plies: 1000\n"
            "cap_result: draw\n"
            "stalemate_result: draw\n"
            "max_eyes_per_group: 0\n"
            "eye_max_size: 0\n"
            "max_edges_per_group: 0\n"
            "limit_search_nodes: 3000\n"
            "enclosure_capture: false\n"
            "enclosed_space_points: false\n"
            "enclosed_space_points_own_capture: true\n"
            "smaller_group_only: false\n"
            "smaller_group_measure: pieces\n"
            "mover_priority: false\n"
            "no_capture_limit: 0\n"
            "no_capture_limit_per_piece: 0\n"
            "menke: false\n");
}

// The sets reach the engine's rule fields (Rules::from_options).
TEST(RuleSets, SetsReachTheEngineRules) {
  auto rules = [](const std::string& name) { return testing::game({}, name)->rules(); };
  const Rules original = rules("original");
  EXPECT_EQ(original.topology, Topology::kFlat);
  EXPECT_EQ(original.width, 8);
  EXPECT_EQ(original.start_stock[0], 25);
  EXPECT_EQ(original.start_stock[1], 25);
  EXPECT_FALSE(original.menke || original.enclosure_capture || original.enclosed_space_points ||
               original.smaller_group_only || original.mover_priority || original.drop_prisoners);
  EXPECT_EQ(rules("cylinder").topology, Topology::kCylinder);
  EXPECT_EQ(rules("torus").topology, Topology::kTorus);
  EXPECT_TRUE(rules("drop-prisoners").drop_prisoners);
  EXPECT_EQ(rules("max-eyes-1").max_eyes_per_group, 1);
  EXPECT_EQ(rules("max-edges-1").max_edges_per_group, 1);
  const Rules enclosure = rules("enclosure-capture");
  EXPECT_TRUE(enclosure.enclosure_capture);
  EXPECT_FALSE(enclosure.enclosed_space_points);
  const Rules points = rules("enclosure-points");
  EXPECT_TRUE(points.enclosure_capture);
  EXPECT_TRUE(points.enclosed_space_points);
  EXPECT_TRUE(rules("smaller-group-only").smaller_group_only);
  EXPECT_TRUE(rules("mover-priority").mover_priority);
  EXPECT_EQ(rules("no-capture-limit").no_capture_limit, 60);
  const Rules per_piece = rules("no-capture-limit-per-piece");
  EXPECT_EQ(per_piece.no_capture_limit, 20);
  EXPECT_EQ(per_piece.no_capture_limit_per_piece, 1);
  const Rules menke = rules("menke");
  EXPECT_TRUE(menke.menke);
  EXPECT_EQ(menke.topology, Topology::kFlat);
  const Rules small = rules("small");
  EXPECT_TRUE(small.menke);
  EXPECT_EQ(small.width, 6);
  EXPECT_EQ(small.height, 6);
  EXPECT_EQ(small.start_stock[0], 12);
  EXPECT_EQ(small.start_stock[1], 12);
  EXPECT_EQ(small.target_score, 20);
  EXPECT_EQ(small.max_plies, 300);
  EXPECT_TRUE(small.cap_by_score);
}

TEST(RuleSets, OverridesApplyOnTopOfASet) {
  const Rules r =
      testing::game({"enclosure_capture=true", "topology=torus"}, "mover-priority")->rules();
  EXPECT_TRUE(r.mover_priority);
  EXPECT_TRUE(r.enclosure_capture);
  EXPECT_EQ(r.topology, Topology::kTorus);
}

std::string load_error(const std::string& rules, const std::vector<std::string>& overrides) {
  try {
    load_game("inchworm", rules, overrides);
  } catch (const GameError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no GameError for " << rules;
  return "";
}

TEST(RuleSets, UnknownSetNameListsTheShippedOnes) {
  const std::string m = load_error("menk", {});
  EXPECT_NE(m.find("unknown rule set 'menk' for game inchworm"), std::string::npos) << m;
  EXPECT_NE(m.find("menke"), std::string::npos) << m;
  EXPECT_NE(m.find("original"), std::string::npos) << m;
}

TEST(RuleSets, BadOverridesOfTheGameAreNamed) {
  struct Case {
    std::string set, needle;
  };
  for (const Case& c : std::vector<Case>{
           {"menke=perhaps", "bad value 'perhaps' for rule option 'menke'"},
           {"topology=sphere", "bad value 'sphere' for rule option 'topology'"},
           {"width=17", "bad value '17' for rule option 'width'"},
           {"height=2", "bad value '2' for rule option 'height'"},
           {"max_edges_per_group=5", "bad value '5' for rule option 'max_edges_per_group'"},
           {"stock_red=-2", "bad value '-2' for rule option 'stock_red'"},
           {"no_capture_limt=60", "unknown rule option 'no_capture_limt' for game inchworm"},
           {"menke", "bad --set 'menke': expected key=value"},
       }) {
    const std::string m = load_error("original", {c.set});
    EXPECT_NE(m.find(c.needle), std::string::npos) << c.set << ": " << m;
  }
}

}  // namespace
}  // namespace inchzero::inchworm
