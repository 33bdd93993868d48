// `inchzero bench selfplay`: batched self-play throughput, where the time
// goes, and the network's standalone throughput at the same batch size
// measured in the same run.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "model/compute_threads.h"
#include "selfplay/selfplay_bench.h"
#include "train/run_config.h"

namespace inchzero::cli {
namespace {

struct BenchSelfPlayArgs {
  GameSelection selection;
  std::string network = "random";
  std::string config_path;
  std::vector<std::string> params;
  int threads = 1;
  std::string engine = "onednn";
  bool json = false;
  SelfPlayBenchOptions options;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchSelfPlayArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--network", args->network, kNetworkHelp)->capture_default_str();
  app.add_option("--config", args->config_path,
                 "self-play config YAML (see --param); default: the default run's selfplay section");
  app.add_option("--param", args->params,
                 "self-play setting key=value, e.g. workers=2, games_per_worker=32, "
                 "search.c_puct=2 (applied after --config)");
  app.add_option("--engine", args->engine,
                 "inference engine: onednn (inchzero's) or torch (LibTorch's modules, the "
                 "reference)")
      ->capture_default_str()
      ->check(CLI::IsMember({"onednn", "torch"}));
  app.add_option("--threads", args->threads, "compute threads of each network call")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--seconds", args->options.seconds, "self-play time")
      ->capture_default_str()
      ->check(CLI::Range(0.5, 3600.0));
  app.add_option("--seed", args->options.seed, "seed of the network and of every game")
      ->capture_default_str();
  app.add_flag("--json", args->json, "print the figures as one JSON object instead");
  app.footer("Self-play settings (--config YAML keys, --param key=value):\n" +
             SelfPlayConfig::describe());
  return [args]() {
    SelfPlayBenchOptions& options = args->options;
    options.config = args->config_path.empty()
                         ? RunConfig::load("inchworm").selfplay
                         : SelfPlayConfig::from_yaml_file(args->config_path);
    for (const auto& p : args->params) options.config.set(p);
    set_compute_threads(args->threads);
    InferenceOptions engine = default_inference();
    engine.engine = parse_inference_engine(args->engine);
    set_default_inference(engine);
    const nlohmann::json inference = apply_precision(options.config.precision);
    options.precision = resolve_precision(options.config.precision);
    auto game = args->selection.load();
    std::shared_ptr<const Encoder> encoder = make_encoder(*game);
    if (args->network == "random" || args->network.rfind("torch:", 0) == 0)
      options.flops_per_position = static_cast<double>(
          network_config(args->network, *game, *encoder).flops_per_position());
    const auto backends = network_backends(args->network, *game, *encoder, options.seed);
    const SelfPlayBenchResult result =
        run_selfplay_bench(game, encoder, backends, options, std::cerr);
    if (args->json) {
      nlohmann::json j = result.to_json();
      j["config"] = options.config.to_json();
      j["compute_threads"] = args->threads;
      j["inference"] = inference;
      j["network"] = args->network;
      std::cout << j.dump() << std::endl;
    } else {
      std::cout << "bench selfplay: " << game->name() << " (" << game->options().label()
                << "), network " << args->network << ", " << args->threads
                << " compute thread(s) per call\n";
      print_selfplay_bench(options, result, std::cout);
    }
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchSelfplay{
    "selfplay", "self-play simulations/s, time split, batch sizes vs. the standalone network",
    &setup};

}  // namespace inchzero::cli
