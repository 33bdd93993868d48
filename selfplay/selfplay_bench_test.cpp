// The self-play bench runs and reports consistent figures (no speed asserted:
// speed is for `inchzero bench selfplay` to print).
#include "selfplay/selfplay_bench.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "model/backend.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

TEST(SelfPlayBench, ReportsThroughputAndTheStandaloneComparison) {
  const auto game = toy::make_compound_nim({5, 6, 7}, 3);
  const auto encoder = toy::make_toy_encoder(*game);
  const BackendShape shape{encoder->shape().size(), game->num_actions()};
  std::shared_ptr<InferenceBackend> backend = make_backend("mock", shape);
  SelfPlayBenchOptions options;
  options.config.games_per_worker = 16;
  options.config.full_visits = 16;
  options.config.cheap_visits = 4;
  options.seconds = 0.3;
  options.standalone_seconds = 0.1;
  std::ostringstream log, report;
  const SelfPlayBenchResult r = run_selfplay_bench(
      game, encoder, [&](int) { return backend; }, options, log);
  print_selfplay_bench(options, r, report);
  EXPECT_GT(r.stats.simulations, 0);
  EXPECT_GT(r.stats.evaluations, 0);
  EXPECT_GE(r.standalone_batch, 1);
  EXPECT_LE(r.standalone_batch, 16);
  EXPECT_GT(r.standalone_evals_per_s, 0);
  EXPECT_GT(r.network_ratio(), 0);
  EXPECT_LE(r.stats.network_seconds + r.stats.encode_seconds, r.stats.worker_seconds);
  EXPECT_NE(report.str().find("in self-play / standalone"), std::string::npos) << report.str();
  EXPECT_TRUE(r.to_json().contains("network_ratio"));
}

}  // namespace
}  // namespace inchzero
