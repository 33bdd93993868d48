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
  std::string device;  // empty: the config's selfplay.device
  SelfPlayBenchOptions options;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchSelfPlayArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--network", args->network, kNetworkHelp)->capture_default_str();
  app.add_option(
      "--config", args->config_path,
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
  app.add_option("--device", args->device,
                 "where the network computes: cpu | cuda | cuda:N | auto (default: the config's "
                 "selfplay.device); on a GPU the same run first measures the CPU figure beside it");
  return [args]() {
    SelfPlayBenchOptions& options = args->options;
    options.config = args->config_path.empty() ? RunConfig::load("inchworm").selfplay
                                               : SelfPlayConfig::from_yaml_file(args->config_path);
    for (const auto& p : args->params) options.config.set(p);
    if (!args->device.empty()) options.config.device = parse_device_option(args->device);
    set_compute_threads(args->threads);
    auto game = args->selection.load();
    std::shared_ptr<const Encoder> encoder = make_encoder(*game);
    if (args->network == "random" || args->network.rfind("torch:", 0) == 0)
      options.flops_per_position =
          static_cast<double>(network_config(args->network, *game, *encoder).flops_per_position());
    // On a GPU, the CPU run first: the figure the GPU's is read against.
    const Device device = resolve_device(options.config.device, "selfplay.device");
    std::vector<Device> devices{device};
    if (device.is_cuda()) devices.insert(devices.begin(), Device());
    nlohmann::json runs = nlohmann::json::array();
    double cpu_simulations_per_s = 0;
    for (const Device& on : devices) {
      const ResolvedInference inference =
          resolve_inference(options.config.precision, on, true, "selfplay.device",
                            parse_inference_engine(args->engine));
      options.precision = resolve_precision(options.config.precision);
      const auto backends =
          network_backends(args->network, *game, *encoder, options.seed, inference.options);
      const SelfPlayBenchResult result =
          run_selfplay_bench(game, encoder, backends, options, std::cerr);
      const double simulations_per_s =
          result.stats.simulations / std::max(1e-9, result.stats.wall_seconds);
      if (!on.is_cuda()) cpu_simulations_per_s = simulations_per_s;
      if (args->json) {
        nlohmann::json j = result.to_json();
        j["config"] = options.config.to_json();
        j["compute_threads"] = args->threads;
        j["inference"] = inference.record;
        j["network"] = args->network;
        if (on.is_cuda()) j["simulations_per_s_vs_cpu"] = simulations_per_s / cpu_simulations_per_s;
        runs.push_back(j);
      } else {
        std::cout << "bench selfplay: " << game->name() << " (" << game->options().label()
                  << "), network " << args->network << ", " << args->threads
                  << " compute thread(s) per call, device " << to_string(on) << "\n";
        print_selfplay_bench(options, result, std::cout);
        if (on.is_cuda())
          std::cout << "simulations/s on " << to_string(on)
                    << " / on the CPU in this run: " << simulations_per_s / cpu_simulations_per_s
                    << "\n";
      }
    }
    // One object as before; on a GPU, the CPU run's object under "cpu_run".
    if (args->json) {
      nlohmann::json j = runs.back();
      if (runs.size() > 1) j["cpu_run"] = runs.front();
      std::cout << j.dump() << std::endl;
    }
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchSelfplay{
    "selfplay", "self-play simulations/s, time split, batch sizes vs. the standalone network",
    &setup};

}  // namespace inchzero::cli
