// The analysis protocol's query reader: every key read, every bad query a
// QueryError naming its key (and the id, once it is known).
#include "engine/analysis_query.h"

#include <gtest/gtest.h>

namespace inchzero {
namespace {

TEST(AnalysisQuery, ReadsEveryKey) {
  const AnalysisQuery q = parse_analysis_query(
      R"({"id":"q1","game":"inchworm","rules":"menke","set":["target_score=12"],)"
      R"("initialPosition":"8/8/8/8/8/8/8/8 r 25,25 0,0 0,0 0 0 0","moves":["d4","e5"],)"
      R"("maxVisits":300,"maxTimeMs":2500,"includePolicy":true,"analysisPVLen":4})");
  EXPECT_EQ(q.id, "q1");
  EXPECT_EQ(q.action, AnalysisQuery::Action::kAnalyse);
  EXPECT_EQ(*q.game, "inchworm");
  EXPECT_EQ(*q.rules, "menke");
  EXPECT_EQ(q.set, std::vector<std::string>{"target_score=12"});
  EXPECT_TRUE(q.initial_position.has_value());
  EXPECT_EQ(q.moves, (std::vector<std::string>{"d4", "e5"}));
  EXPECT_EQ(q.max_visits, 300);
  EXPECT_EQ(q.max_time_ms, 2500);
  EXPECT_TRUE(q.include_policy);
  EXPECT_EQ(q.pv_moves, 4);

  const AnalysisQuery t =
      parse_analysis_query(R"({"id":"s","action":"terminate","terminateId":"q1"})");
  EXPECT_EQ(t.action, AnalysisQuery::Action::kTerminate);
  EXPECT_EQ(t.terminate_id, "q1");
  EXPECT_EQ(parse_analysis_query(R"({"id":"v","action":"query_version"})").action,
            AnalysisQuery::Action::kQueryVersion);
  EXPECT_EQ(parse_analysis_query(R"({"id":"a","action":"terminate_all"})").action,
            AnalysisQuery::Action::kTerminateAll);
  // Unset keys stay unset.
  const AnalysisQuery bare = parse_analysis_query(R"({"id":"b"})");
  EXPECT_FALSE(bare.game || bare.rules || bare.initial_position);
  EXPECT_EQ(bare.max_visits, 0);
}

struct BadQuery {
  const char* line;
  const char* id;     // expected id in the error ("" = none known)
  const char* field;  // expected field
  const char* says;   // part of the message
};

TEST(AnalysisQuery, BadQueriesNameTheProblem) {
  const BadQuery cases[] = {
      {"{", "", "", "not valid JSON"},
      {"[1,2]", "", "", "must be a JSON object"},
      {R"({"moves":[]})", "", "id", "no 'id'"},
      {R"({"id":7})", "", "id", "'id' must be a string"},
      {R"({"id":"x","colour":"red"})", "x", "colour", "unknown key 'colour'"},
      {R"({"id":"x","moves":"d4 e5"})", "x", "moves", "array of strings"},
      {R"({"id":"x","moves":["d4",5]})", "x", "moves", "'moves[1]' must be a string"},
      {R"({"id":"x","maxVisits":0})", "x", "maxVisits", "must be in [1, 1000000]"},
      {R"({"id":"x","maxVisits":2.5})", "x", "maxVisits", "must be an integer"},
      {R"({"id":"x","maxTimeMs":-3})", "x", "maxTimeMs", "must be in"},
      {R"({"id":"x","includePolicy":"yes"})", "x", "includePolicy", "true or false"},
      {R"({"id":"x","action":"dance"})", "x", "action", "unknown action 'dance'"},
      {R"({"id":"x","action":"terminate"})", "x", "terminateId", "needs 'terminateId'"},
      {R"({"id":"x","analysisPVLen":0})", "x", "analysisPVLen", "must be in"},
  };
  for (const BadQuery& c : cases) {
    try {
      parse_analysis_query(c.line);
      ADD_FAILURE() << "accepted: " << c.line;
    } catch (const QueryError& e) {
      EXPECT_EQ(e.id, c.id) << c.line;
      EXPECT_EQ(e.field, c.field) << c.line;
      EXPECT_NE(std::string(e.what()).find(c.says), std::string::npos)
          << c.line << " -> " << e.what();
    }
  }
}

}  // namespace
}  // namespace inchzero
