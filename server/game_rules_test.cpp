// The games requests name: shipped rule sets only (a label naming a file is
// refused: no request reads the server's disk), overrides checked, and the
// rules of any game named back as a shipped rule set plus overrides.
#include "server/game_rules.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

std::string refused_field(GameCache& cache, const RulesChoice& choice) {
  try {
    cache.get(choice);
  } catch (const RequestError& e) {
    EXPECT_EQ(e.status, 400);
    return e.field;
  }
  ADD_FAILURE() << "not refused";
  return "";
}

TEST(GameRules, OnlyShippedRuleSetsAreServed) {
  GameCache cache;
  EXPECT_EQ(cache.get({"inchworm", "menke", {"width=5"}})->options().label(), "menke+width=5");
  EXPECT_EQ(cache.get({"inchworm", "default", {}})->options().label(), "default");
  EXPECT_EQ(refused_field(cache, {"inchworm", "/etc/passwd", {}}), "rules");
  EXPECT_EQ(refused_field(cache, {"inchworm", "rules.yaml", {}}), "rules");
  EXPECT_EQ(refused_field(cache, {"inchworm", "../configs/rules/inchworm/menke.yaml", {}}),
            "rules");
  EXPECT_EQ(refused_field(cache, {"go", "default", {}}), "game");
  EXPECT_EQ(refused_field(cache, {"inchworm", "default", {"width=99"}}), "set");
  EXPECT_EQ(refused_field(cache, {"inchworm", "default", {"colour=red"}}), "set");
  EXPECT_EQ(refused_field(cache, {"inchworm", "default", {"width"}}), "set");
  EXPECT_EQ(refused_field(cache, {"inchworm", "default", {"width=5+/etc/passwd"}}), "set");
}

TEST(GameRules, TheCacheStartsOverWhenFull) {
  GameCache cache(2);
  const auto a = cache.get({"inchworm", "default", {"width=5"}});
  EXPECT_EQ(cache.get({"inchworm", "default", {"width=5"}}), a);
  cache.get({"inchworm", "default", {"width=6"}});
  cache.get({"inchworm", "default", {"width=7"}});
  EXPECT_NE(cache.get({"inchworm", "default", {"width=5"}}), a) << "rebuilt after a reset";
}

TEST(GameRules, RulesChoiceNamesTheSameOptions) {
  GameCache cache;
  for (const auto& game : {load_game("inchworm", "menke", {"width=5", "target_score=7"}),
                           load_game("inchworm-chess", "fide", {"max_plies=40"}),
                           load_game("invector", "5x4"), load_game("steere-inchworm", "8x9")}) {
    const RulesChoice choice = rules_choice_of(*game);
    EXPECT_EQ(choice.game, game->name());
    EXPECT_EQ(option_values(*cache.get(choice)), option_values(*game)) << game->options().label();
  }
  const RulesChoice menke =
      rules_choice_of(*load_game("inchworm", "menke", {"width=5", "target_score=7"}));
  EXPECT_EQ(menke.rules, "menke");
  EXPECT_EQ(menke.set, (std::vector<std::string>{"width=5", "target_score=7"}));
}

}  // namespace
}  // namespace inchzero
