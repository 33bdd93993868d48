// The analysis engine serves queries concurrently: `threads` searches at once
// share one EngineContext (its network, the games it builds on first use,
// one evaluation cache per rule set) and one output stream. These run in
// ThreadSanitizer's job too (ctest sanitize.concurrency).
#include "engine/analysis_engine.h"

#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/registry.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {

const char* const kBoard = R"("set":["width=4","height=4","stock=6"])";

// Every answer line of `out`, by id; a line that is not one JSON object fails.
std::multimap<std::string, nlohmann::json> answers_by_id(const std::string& out) {
  std::multimap<std::string, nlohmann::json> by_id;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json answer = nlohmann::json::parse(line);  // throws on a torn line
    by_id.emplace(answer.at("id").get<std::string>(), answer);
  }
  return by_id;
}

TEST(AnalysisEngine, ConcurrentQueriesAnswerEachIdOnceOnWholeLines) {
  testing::TempFolder dir("analysis_engine");
  const auto game = load_game("inchworm", "original", {"width=4", "height=4", "stock=6"});
  EngineOptions options;
  options.player = "net:" + testing::save_tiny_network(*game, dir.path() / "tiny.pt");
  EngineContext context(options);

  // Two rule sets (menke builds a second game and cache while the first
  // searches), positions after 0-2 moves, and a terminate among them.
  std::ostringstream queries;
  const char* const moves[] = {"[]", R"(["a1"])", R"(["a1","d4"])"};
  for (int i = 0; i < 8; ++i) {
    queries << R"({"id":"q)" << i << R"(","game":"inchworm",)"
            << (i % 2 ? R"("rules":"menke",)" : R"("rules":"original",)") << kBoard
            << R"(,"moves":)" << moves[i % 3] << R"(,"maxVisits":24})"
            << "\n";
    if (i == 3)
      queries << R"({"id":"t","action":"terminate","terminateId":"q2"})"
              << "\n";
  }
  std::istringstream in(queries.str());
  std::ostringstream out;
  serve_analysis(context, in, out, AnalysisEngineOptions{2});

  const auto by_id = answers_by_id(out.str());
  for (int i = 0; i < 8; ++i) {
    const std::string id = "q" + std::to_string(i);
    ASSERT_EQ(by_id.count(id), 1u) << out.str();
    const nlohmann::json& answer = by_id.find(id)->second;
    EXPECT_FALSE(answer.contains("error")) << answer.dump();
    EXPECT_FALSE(answer.at("moveInfos").empty()) << answer.dump();
  }
  ASSERT_EQ(by_id.count("t"), 1u) << out.str();
  EXPECT_EQ(by_id.size(), 9u);
}

}  // namespace
}  // namespace inchzero
