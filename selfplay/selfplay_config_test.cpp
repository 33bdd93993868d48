#include "selfplay/selfplay_config.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/game.h"

namespace inchzero {
namespace {

TEST(SelfPlayConfig, ReadsKnownKeysAndKeepsDefaults) {
  const auto c = SelfPlayConfig::from_yaml_text(
      "games_per_worker: 8\nfull_visits: 33\nsearch: {c_puct: 2.5, reuse_tree: false}\n");
  EXPECT_EQ(c.games_per_worker, 8);
  EXPECT_EQ(c.full_visits, 33);
  EXPECT_FLOAT_EQ(c.search.c_puct, 2.5f);
  EXPECT_FALSE(c.search.reuse_tree);
  EXPECT_EQ(c.cheap_visits, SelfPlayConfig{}.cheap_visits);
  EXPECT_TRUE(c.cheap_search_noise);  // default: today's behaviour
  EXPECT_FALSE(SelfPlayConfig::from_yaml_text("cheap_search_noise: false\n").cheap_search_noise);
}

TEST(SelfPlayConfig, RejectsUnknownKeysNamingThem) {
  try {
    SelfPlayConfig::from_yaml_text("full_visit: 3\nsearch: {cpuct: 1}\n");
    FAIL() << "accepted an unknown key";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("full_visit"), std::string::npos) << e.what();
  }
  try {
    SelfPlayConfig::from_yaml_text("search: {cpuct: 1}\n");
    FAIL() << "accepted an unknown key";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("cpuct"), std::string::npos) << e.what();
  }
}

TEST(SelfPlayConfig, RejectsOutOfRangeAndMistypedValues) {
  EXPECT_THROW(SelfPlayConfig::from_yaml_text("full_search_share: 1.5"), GameError);
  EXPECT_THROW(SelfPlayConfig::from_yaml_text("workers: many"), GameError);
  EXPECT_THROW(SelfPlayConfig::from_yaml_text("[1, 2]"), GameError);
}

TEST(SelfPlayConfig, ProgressiveVisitsGrowFromTheInitialToTheFullVisits) {
  SelfPlayConfig c;
  c.full_visits = 200;
  c.cheap_visits = 50;
  // Off: unchanged at any progress.
  EXPECT_EQ(c.at_progress(0.5).full_visits, 200);
  EXPECT_EQ(c.at_progress(0.5).cheap_visits, 50);
  c.full_visits_initial = 40;
  EXPECT_EQ(c.at_progress(0).full_visits, 40);
  EXPECT_EQ(c.at_progress(0).cheap_visits, 10);
  EXPECT_EQ(c.at_progress(0.5).full_visits, 120);
  EXPECT_EQ(c.at_progress(0.5).cheap_visits, 30);
  EXPECT_EQ(c.at_progress(1).full_visits, 200);
  EXPECT_EQ(c.at_progress(1).cheap_visits, 50);
  EXPECT_EQ(c.at_progress(7).full_visits, 200);  // clamped
  EXPECT_EQ(c.at_progress(-1).full_visits, 40);
  c.cheap_visits = 1;  // never below one visit
  EXPECT_EQ(c.at_progress(0).cheap_visits, 1);
  EXPECT_NO_THROW(c.validate());
  c.full_visits_initial = 201;
  try {
    c.validate();
    FAIL() << "accepted initial visits above full_visits";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("selfplay.full_visits_initial"), std::string::npos)
        << e.what();
  }
}

TEST(SelfPlayConfig, KeyValueOverridesReachNestedFields) {
  SelfPlayConfig c;
  c.set("cheap_visits=7");
  c.set("search.c_puct=3.5");
  EXPECT_EQ(c.cheap_visits, 7);
  EXPECT_FLOAT_EQ(c.search.c_puct, 3.5f);
  EXPECT_THROW(c.set("search.nope=1"), GameError);
  EXPECT_THROW(c.set("cheap_visits"), GameError);
  EXPECT_THROW(c.set("cheap_visits=-3"), GameError);
  try {
    c.set("search.c_puct=200");
    FAIL() << "accepted c_puct 200";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()),
              "config key 'selfplay.search.c_puct': 200 is outside [0, 100]");
  }
  try {
    c.set("precision=fp16");
    FAIL() << "accepted precision fp16";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("config key 'selfplay.precision': unknown precision"),
              std::string::npos)
        << e.what();
  }
  EXPECT_EQ(c.search.c_puct, 3.5);  // a refused setting changes nothing it was checked against
}

TEST(SelfPlayConfig, JsonNamesEveryField) {
  const auto j = SelfPlayConfig{}.to_json();
  EXPECT_EQ(j.at("full_visits"), 200);
  EXPECT_TRUE(j.at("search").contains("dirichlet_alpha_total"));
  EXPECT_NE(SelfPlayConfig::describe().find("search.c_puct"), std::string::npos);
}

}  // namespace
}  // namespace inchzero
