// POST /api/analyse's engines: a network answers the analysis protocol as
// `inchzero analyse` does, players name their move, and the server's limits
// (visits, time, rule sets per network, uct playouts) refuse what would hold
// the machine, each naming the key at fault.
#include "server/engine_pool.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "selfplay/players/player_spec.h"
#include "server/request_error.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {

class EnginePoolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto game = load_game("inchworm", "original", {"width=4", "height=4", "stock=6"});
    EnginePoolOptions& options = options_;
    options.networks.push_back(
        {"tiny", testing::save_tiny_network(*game, dir_.path() / "tiny.pt")});
    options.search.cache_entries = 1024;
    options.limits.max_visits = 200;
    // Every search also stops at this limit: it must be far above what a
    // 64-visit search takes on a loaded CI machine (the first query builds
    // the network's plans), or a query "without budget" stops on time.
    options.limits.max_time_ms = 600'000;
    options.limits.max_rule_sets = 2;
    pool_ = std::make_unique<EnginePool>(options);
  }

  // The field of the RequestError that `body` for `engine` throws.
  std::string refused(const std::string& engine, const std::string& body, int status = 400) {
    try {
      pool_->analyse(engine, body);
    } catch (const RequestError& e) {
      EXPECT_EQ(e.status, status) << e.what();
      return e.field;
    }
    ADD_FAILURE() << "not refused: " << body;
    return "";
  }

  testing::TempFolder dir_{"engine_pool"};
  EnginePoolOptions options_;
  std::unique_ptr<EnginePool> pool_;
};

const std::string kRules =
    R"("game":"inchworm","rules":"original","set":["width=4","height=4","stock=6"])";

TEST_F(EnginePoolTest, NetworkAnswersTheProtocolWithPolicy) {
  auto [status, answer] = pool_->analyse(
      "net0", R"({"id":"a",)" + kRules + R"(,"moves":["b2"],"maxVisits":32,"includePolicy":true})");
  ASSERT_EQ(status, 200) << answer.dump();
  EXPECT_EQ(answer["id"], "a");
  EXPECT_EQ(answer["rootInfo"]["visits"].get<int>(), 32);
  EXPECT_EQ(answer["rootInfo"]["currentPlayer"], 1);
  const auto game = load_game("inchworm", "original", {"width=4", "height=4", "stock=6"});
  ASSERT_EQ(answer["policy"].size(), static_cast<size_t>(game->num_actions()));
  double legal_sum = 0;
  for (double p : answer["policy"])
    if (p >= 0) legal_sum += p;
  EXPECT_NEAR(legal_sum, 1.0, 1e-3);
  EXPECT_EQ(pool_->networks_for(*game), std::vector<std::string>{"net0"});
  EXPECT_TRUE(pool_->networks_for(*load_game("inchworm", "", {})).empty()) << "8x8 does not fit";
}

// The pool's inference options reach its networks' backends (no process-wide
// setting): the default runs the oneDNN engine, the reference LibTorch's
// modules in fp32, each pool as it was built.
TEST_F(EnginePoolTest, TheNetworksRunAsThePoolsInferenceOptionsSay) {
  auto backend_of = [](EnginePool& pool) {
    auto [status, answer] = pool.analyse("net0", R"({"id":"v","action":"query_version"})");
    EXPECT_EQ(status, 200) << answer.dump();
    return answer["engine"]["backend"].get<std::string>();
  };
  EXPECT_NE(backend_of(*pool_).find(", onednn)"), std::string::npos) << backend_of(*pool_);
  options_.inference = {Precision::kFp32, InferenceEngine::kTorch, Device()};
  EnginePool reference(options_);
  EXPECT_NE(backend_of(reference).find("(fp32, torch)"), std::string::npos)
      << backend_of(reference);
  EXPECT_NE(backend_of(*pool_).find(", onednn)"), std::string::npos)
      << "the first pool kept its own";
}

TEST_F(EnginePoolTest, AQueryWithoutBudgetSearchesTheDefaultVisits) {
  auto [status, answer] = pool_->analyse("net0", R"({"id":"b",)" + kRules + "}");
  ASSERT_EQ(status, 200) << answer.dump();
  EXPECT_EQ(answer["stopReason"], "visits");
  EXPECT_EQ(answer["rootInfo"]["visits"].get<int>(), 64);
}

TEST_F(EnginePoolTest, ProtocolErrorsAreAnswersWithStatus400) {
  auto [status, answer] = pool_->analyse("net0", "{not json");
  EXPECT_EQ(status, 400);
  EXPECT_NE(answer["error"].get<std::string>().find("not valid JSON"), std::string::npos);
  std::tie(status, answer) = pool_->analyse("net0", R"({"id":"c","colour":1})");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer["field"], "colour");
  std::tie(status, answer) =
      pool_->analyse("net0", R"({"id":"d",)" + kRules + R"(,"moves":["b2","z9"]})");
  EXPECT_EQ(status, 400);
  EXPECT_EQ(answer["field"], "moves");
}

TEST_F(EnginePoolTest, LimitsAreRefusedNamingTheKey) {
  EXPECT_EQ(refused("net0", R"({"id":"e",)" + kRules + R"(,"maxVisits":201})"), "maxVisits");
  EXPECT_EQ(refused("net0", R"({"id":"e",)" + kRules + R"(,"maxTimeMs":600001})"), "maxTimeMs");
  EXPECT_EQ(refused("net0", R"({"id":"t","action":"terminate","terminateId":"a"})"), "action");
  EXPECT_EQ(refused("net0", R"({"id":"f","game":"inchworm","rules":"/etc/passwd"})"), "rules");
  EXPECT_EQ(refused("nope", R"({"id":"g"})"), "engine");
  EXPECT_EQ(refused("net:/etc/passwd", R"({"id":"g","game":"inchworm"})"), "engine");
  EXPECT_EQ(refused("uct:201", R"({"id":"g","game":"inchworm"})"), "engine");
  EXPECT_EQ(refused("random", R"({"id":"g"})"), "game");
}

TEST_F(EnginePoolTest, EachNetworkServesABoundedNumberOfRuleSets) {
  auto query = [](const std::string& target) {
    return R"({"id":"r","game":"inchworm","rules":"original","set":["width=4","height=4",)"
           R"("target_score=)" +
           target + R"("],"maxVisits":2})";
  };
  EXPECT_EQ(pool_->analyse("net0", query("5")).first, 200);
  // A rule set the network does not fit is refused by the protocol and does
  // not count.
  auto [status, answer] =
      pool_->analyse("net0", R"({"id":"c","game":"inchworm-chess","rules":"fide","maxVisits":2})");
  EXPECT_EQ(status, 400);
  EXPECT_NE(answer["error"].get<std::string>().find("was trained for game"), std::string::npos)
      << answer.dump();
  EXPECT_EQ(pool_->analyse("net0", query("6")).first, 200);
  EXPECT_EQ(refused("net0", query("7"), 429), "");
  // One already served is still served.
  EXPECT_EQ(pool_->analyse("net0", query("5")).first, 200);
}

TEST_F(EnginePoolTest, PlayersNameALegalMoveTheSameWayForTheSameQuery) {
  const std::string query = R"({"id":"p","game":"inchworm-chess","rules":"fide","moves":["e2e4"]})";
  for (const std::string engine : {"random", "greedy", "uct:8"}) {
    auto [status, answer] = pool_->analyse(engine, query);
    ASSERT_EQ(status, 200) << engine << ": " << answer.dump();
    const std::string move = answer["bestMove"];
    auto state = load_game("inchworm-chess", "fide")->initial_state();
    state->apply_move(state->parse_move("e2e4"));
    EXPECT_NO_THROW(state->parse_move(move)) << engine << ": " << move;
    EXPECT_EQ(pool_->analyse(engine, query).second["bestMove"], move) << engine;
  }
}

TEST_F(EnginePoolTest, DescribesNetworksThenPlayers) {
  // A kind registered by the program (the binary registers the lab's
  // wall-builder) is listed after the built-in players, with its games.
  PlayerKind kind;
  kind.name = "registered-test";
  kind.summary = "a registered player";
  kind.games = {"inchworm"};
  kind.make = [](const PlayerSpec&, std::shared_ptr<const Game>, const SearchConfig&) {
    return std::unique_ptr<PlayerFactory>();
  };
  register_player_kind(kind);
  const auto engines = pool_->describe();
  ASSERT_GE(engines.size(), 5u);
  EXPECT_EQ(engines[0]["id"], "net0");
  EXPECT_EQ(engines[0]["game"], "inchworm");
  EXPECT_EQ(engines[0]["rules"], "original");
  EXPECT_EQ(engines[0]["set"], (std::vector<std::string>{"width=4", "height=4", "stock=6"}));
  EXPECT_EQ(engines[1]["id"], "random");
  const auto& last = engines[engines.size() - 1];
  EXPECT_EQ(last["id"], "registered-test");
  EXPECT_EQ(last["games"], (std::vector<std::string>{"inchworm"}));
}

}  // namespace
}  // namespace inchzero
