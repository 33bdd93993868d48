#include "core/json_input.h"

#include <gtest/gtest.h>

#include "core/game.h"

namespace inchzero {
namespace {

std::string nested_array(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonInput, ReadsValuesUpToTheDepthLimit) {
  const JsonInput in = parse_json_input(nested_array(kMaxJsonDepth));
  ASSERT_TRUE(in.ok()) << in.problem;
  EXPECT_TRUE(in.value.is_array());
  EXPECT_TRUE(parse_json_input(R"({"id": "a", "moves": ["d4", "e5"]})").ok());
}

TEST(JsonInput, RefusesDeeperNestingBeforeParsing) {
  const JsonInput one_more = parse_json_input(nested_array(kMaxJsonDepth + 1));
  EXPECT_FALSE(one_more.ok());
  EXPECT_EQ(one_more.problem, "nested deeper than 64 levels (at byte 65 of 130)");
  // The issue's query: an array nested 100,000 deep under a key.
  const std::string deep = R"({"id":"x","moves":)" + nested_array(100'000) + "}";
  const JsonInput refused = parse_json_input(deep);
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.problem.find("nested deeper than 64 levels"), std::string::npos);
  EXPECT_LT(refused.problem.size(), 100u);
  // Objects count as levels too.
  std::string objects;
  for (int i = 0; i < 70; ++i) objects += "{\"a\":";
  objects += "1" + std::string(70, '}');
  EXPECT_FALSE(parse_json_input(objects).ok());
}

TEST(JsonInput, BracketsInsideStringsDoNotCount) {
  const std::string text = "[\"" + std::string(200, '[') + "\\\"[[[\"]";
  const JsonInput in = parse_json_input(text);
  ASSERT_TRUE(in.ok()) << in.problem;
  EXPECT_EQ(in.value[0].get<std::string>().size(), 204u);
}

TEST(JsonInput, BadTextGetsAShortOneLineProblem) {
  const JsonInput garbage = parse_json_input("\x01\x02garbage");
  EXPECT_FALSE(garbage.ok());
  EXPECT_EQ(garbage.problem.find("not valid JSON ("), 0u) << garbage.problem;
  EXPECT_EQ(garbage.problem.find('\x01'), std::string::npos)
      << "a control byte reached the message";
  const JsonInput long_string = parse_json_input("\"" + std::string(100'000, 'x'));
  EXPECT_FALSE(long_string.ok());
  EXPECT_LT(long_string.problem.size(), 300u) << "the message echoes the whole input";
  // A number beyond a double is no parse_error but an out_of_range: refused
  // the same way (found by the analysis_query fuzzer).
  const JsonInput huge = parse_json_input(R"({"id":1e30808})");
  EXPECT_FALSE(huge.ok());
  EXPECT_EQ(huge.problem.find("not valid JSON (number overflow"), 0u) << huge.problem;
  EXPECT_THROW(parse_json_or_throw("{", "metadata.json"), GameError);
  try {
    parse_json_or_throw("[[[", "x.json", 2);
  } catch (const GameError& e) {
    EXPECT_STREQ(e.what(), "x.json: nested deeper than 2 levels (at byte 3 of 3)");
  }
}

TEST(JsonExcerpt, CutsLongValues) {
  const nlohmann::json big = std::string(10'000, 'q');
  const std::string excerpt = json_excerpt(big);
  EXPECT_LT(excerpt.size(), 120u);
  EXPECT_NE(excerpt.find("(10002 bytes)"), std::string::npos);
  EXPECT_EQ(json_excerpt(nlohmann::json::array({1, 2})), "[1,2]");
}

}  // namespace
}  // namespace inchzero
