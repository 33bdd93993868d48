#include "core/yaml_input.h"

#include <gtest/gtest.h>

#include "core/game.h"

namespace inchzero {
namespace {

std::string error_of(const std::string& text) {
  try {
    load_yaml_input(text, "my.yaml");
  } catch (const GameError& e) {
    return e.what();
  }
  return "(loaded)";
}

TEST(YamlInput, LoadsAConfig) {
  const YAML::Node node = load_yaml_input("trainer: {lr: 0.1}\nseed: 3\n", "my.yaml");
  EXPECT_EQ(node["trainer"]["lr"].as<double>(), 0.1);
  // The same key in two different maps is no repetition.
  EXPECT_EQ(error_of("a: {x: 1}\nb: {x: 2}\n"), "(loaded)");
}

TEST(YamlInput, RefusesAKeyGivenTwiceByName) {
  EXPECT_EQ(error_of("seed: 1\nseed: 2\n"),
            "my.yaml: the key 'seed' is given twice (lines 1 and 2)");
  EXPECT_EQ(error_of("trainer:\n  lr: 0.1\n  wd: 0\n  lr: 0.2\n"),
            "my.yaml: the key 'trainer.lr' is given twice (lines 2 and 4)");
  EXPECT_EQ(error_of("l: [{a: 1, a: 2}]\n"),
            "my.yaml: the key 'l[0].a' is given twice (lines 1 and 1)");
}

TEST(YamlInput, RefusesDeepNestingWithItsOwnMessage) {
  // Within yaml-cpp's own limit, past ours.
  EXPECT_EQ(error_of(std::string(100, '[') + std::string(100, ']')),
            "my.yaml: nested deeper than 64 levels (at line 1)");
  // Past yaml-cpp's limit (2,000), which would say only "bad file".
  const std::string deep = error_of(std::string(5000, '[') + std::string(5000, ']'));
  EXPECT_EQ(deep.find("my.yaml: nested deeper than 64 levels"), 0u) << deep;
  EXPECT_EQ(error_of(std::string(64, '[') + std::string(64, ']')), "(loaded)");
}

TEST(YamlInput, BadYamlIsNamed) {
  EXPECT_EQ(error_of("a: [1, 2\n").find("my.yaml: not valid YAML: "), 0u);
}

}  // namespace
}  // namespace inchzero
