// `inchzero bench engine`: the analysis engine's overhead over the Searcher
// on the same searches, and its startup to a first answer
// (engine/engine_bench.h).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/network_choice.h"
#include "core/registry.h"
#include "engine/engine_bench.h"
#include "model/cpu_features.h"
#include "model/encoder.h"
#include "model/network.h"
#include "train/run_config.h"

namespace inchzero::cli {
namespace {

struct EngineBenchArgs {
  EngineBenchOptions options;
  InferenceChoice inference;  // --precision, --device
  bool json = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<EngineBenchArgs>();
  app.add_option("--model", args->options.network,
                 "network file (default: the default run's network, freshly initialised)");
  app.add_option("--positions", args->options.positions, "positions searched")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--visits", args->options.visits, "visits per search")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--repeats", args->options.repeats,
                 "twice this many back-to-back pairs of passes (each order half the time)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  app.add_option("--seed", args->options.seed, "seed of the positions and the searches")
      ->capture_default_str();
  app.add_flag("--shuffled", args->options.shuffled,
               "queries in random order (unrelated positions) instead of the order of their game");
  app.add_flag("--json", args->json, "one JSON object instead of text");
  args->inference.add_options(app);
  return [args]() {
    const ResolvedInference inference = args->inference.resolve(false);
    EngineBenchOptions options = args->options;
    options.inference = inference.options;
    std::string temporary;
    if (options.network.empty()) {
      // The default run's network as it starts: the size users get.
      const RunConfig run = RunConfig::load("inchworm");
      const auto game = run.game.load();
      const NetworkConfig config = network_config_for(*game, run.network);
      temporary = (std::filesystem::temp_directory_path() /
                   ("inchzero-bench-engine-" + std::to_string(::getpid()) + ".pt"))
                      .string();
      Network::create(config, options.seed)->save(temporary);
      options.network = temporary;
    }
    const EngineBenchResult r = run_engine_bench(options);
    if (!temporary.empty()) std::filesystem::remove(temporary);
    const nlohmann::json j = {
        {"cpu", cpu_features().describe()},
        {"inference", inference.record},
        {"network", args->options.network.empty() ? "default (fresh)" : args->options.network},
        {"positions", options.positions},
        {"visits", options.visits},
        {"order", options.shuffled ? "shuffled" : "game"},
        {"searcher_visits_per_s", r.visits / r.reference_s},
        {"engine_visits_per_s", r.visits / r.engine_s},
        {"overhead", r.overhead()},
        {"same_search", r.same_search},
        {"startup_ms", r.startup_ms}};
    if (args->json) {
      std::cout << j.dump() << "\n";
      return kExitOk;
    }
    std::printf("cpu: %s\n", j["cpu"].get<std::string>().c_str());
    std::printf("network: %s (%s)\n", j["network"].get<std::string>().c_str(),
                inference.record.value("precision", "").c_str());
    std::printf(
        "%d positions (%s) x %d visits, %d pairs of passes (each order half the time); visits/s "
        "of the fastest pass, overhead = median over pairs of engine time / Searcher time\n",
        options.positions, options.shuffled ? "shuffled" : "in game order", options.visits,
        2 * options.repeats);
    std::printf("  Searcher alone (reference): %9.0f visits/s\n", r.visits / r.reference_s);
    std::printf("  analysis engine           : %9.0f visits/s   overhead %+.1f %%%s\n",
                r.visits / r.engine_s, 100 * r.overhead(),
                r.same_search ? "   (the same searches)" : "   (SEARCHES DIFFER)");
    std::printf("  startup to a first answer : %9.0f ms (load the network, 64 visits)\n",
                r.startup_ms);
    return r.same_search ? kExitOk : kExitFailure;
  };
}

}  // namespace

extern const CommandSpec kBenchEngine{
    "engine", "analysis engine overhead over the Searcher on the same searches; startup time",
    &setup};

}  // namespace inchzero::cli
