// The server answers pages at once: cpp-httplib's worker threads share the
// engine pool (its networks, their evaluation caches, the games built per
// rule set) and the run catalog. This runs in ThreadSanitizer's job too
// (ctest sanitize.concurrency). The client side is cpp-httplib's client.
#include "server/http_server.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <thread>
#include <vector>

#include "core/registry.h"
#include "server/engine_pool.h"
#include "server/run_catalog.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {

const char* const kRules =
    R"("game":"inchworm","rules":"original","set":["width=4","height=4","stock=6"])";

TEST(UiServerTest, ConcurrentPagesAreEachAnsweredWhole) {
  testing::TempFolder dir("http_server");
  const auto game = load_game("inchworm", "original", {"width=4", "height=4", "stock=6"});
  EnginePoolOptions pool_options;
  pool_options.networks.push_back(
      {"tiny", testing::save_tiny_network(*game, dir.path() / "tiny.pt")});
  pool_options.search.cache_entries = 1024;
  EnginePool engines(pool_options);
  RunCatalog runs({});
  ServerOptions options;
  options.port = 0;
  UiServer server(engines, runs, options);
  const int port = server.bind();
  std::thread serving([&] { server.serve(); });

  // One page first, alone: cpp-httplib's client builds its function-local
  // statics (regexes) on first use, in Debian's uninstrumented library, whose
  // once-guards TSan cannot see; built before the pages' threads start, they
  // are ordered by the threads' creation.
  {
    httplib::Client client("127.0.0.1", port);
    const auto info = client.Get("/api/info");
    ASSERT_TRUE(info && info->status == 200);
  }
  // Four pages at once, each asking the network to analyse and replaying a
  // position, several times over.
  std::atomic<int> answered{0};
  std::vector<std::thread> pages;
  for (int p = 0; p < 4; ++p) {
    pages.emplace_back([&, p] {
      httplib::Client client("127.0.0.1", port);
      for (int i = 0; i < 3; ++i) {
        const std::string moves = (p + i) % 2 ? R"(["a1"])" : "[]";
        const auto analysis =
            client.Post("/api/analyse?engine=net0",
                        std::string(R"({"id":"p)") + std::to_string(p) + R"(",)" + kRules +
                            R"(,"moves":)" + moves + R"(,"maxVisits":16})",
                        "application/json");
        const auto position =
            client.Post("/api/position", std::string("{") + kRules + R"(,"moves":)" + moves + "}",
                        "application/json");
        if (analysis && analysis->status == 200 && position && position->status == 200 &&
            analysis->body.find(R"("bestMove")") != std::string::npos)
          ++answered;
      }
    });
  }
  for (std::thread& page : pages) page.join();
  server.stop();
  serving.join();
  EXPECT_EQ(answered.load(), 12);
}

}  // namespace
}  // namespace inchzero
