// `inchzero generate`: self-play games with a network, written as shards
// (docs/shard-format.md), outside any training run — for data, tests and
// studying a network's play. (`inchzero selfplay --run` joins a training run.)
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "core/atomic_file.h"
#include "core/progress.h"
#include "model/compute_threads.h"
#include "selfplay/shard.h"

namespace inchzero::cli {
namespace {

struct GenerateArgs {
  GameSelection selection;
  std::string network = "random";
  std::string out;
  std::string config_path;
  std::vector<std::string> params;
  int64_t games = 16;
  int games_per_shard = 100;
  int threads = 1;
  uint64_t seed = 0;
  bool quiet = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<GenerateArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--network", args->network, kNetworkHelp)->capture_default_str();
  app.add_option("--out", args->out, "directory for the shards and generate.json")->required();
  app.add_option("--games", args->games, "games to play")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, int64_t{100000000}));
  app.add_option("--games-per-shard", args->games_per_shard, "games per shard file")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--config", args->config_path, "self-play config YAML (see --param)");
  app.add_option("--param", args->params,
                 "self-play setting key=value, e.g. full_visits=100, search.c_puct=2 "
                 "(applied after --config)");
  app.add_option("--threads", args->threads, "compute threads of each network call")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--seed", args->seed, "seed of every random choice (default: drawn and printed)");
  app.add_flag("--quiet", args->quiet, "no progress bar");
  app.footer("Self-play settings (--config YAML keys, --param key=value):\n" +
             SelfPlayConfig::describe());
  return [args]() {
    // 1. Settings, each recorded in <out>/generate.json.
    if (args->seed == 0)
      args->seed = std::random_device{}() | (uint64_t(std::random_device{}()) << 32);
    SelfPlayConfig config;
    if (!args->config_path.empty()) config = SelfPlayConfig::from_yaml_file(args->config_path);
    for (const auto& p : args->params) config.set(p);
    set_compute_threads(args->threads);
    const ResolvedInference inference =
        resolve_inference(config.precision, config.device, !args->quiet, "selfplay.device");
    auto game = args->selection.load();
    std::shared_ptr<const Encoder> encoder = make_encoder(*game);
    const auto backends =
        network_backends(args->network, *game, *encoder, args->seed, inference.options);
    ShardWriter writer(args->out, "selfplay", args->games_per_shard);
    const nlohmann::json settings = {
        {"game", game->name()},       {"rules", game->options().label()},
        {"network", args->network},   {"seed", args->seed},
        {"games", args->games},       {"compute_threads", args->threads},
        {"config", config.to_json()}, {"inference", inference.record}};
    write_file_atomically(args->out + "/generate.json", settings.dump(2) + "\n");
    std::cerr << "self-play seed " << args->seed << "\n";
    // 2. Play, writing each game as it finishes.
    std::optional<ProgressBar> bar;
    if (!args->quiet) bar.emplace("self-play", args->games);
    int64_t done = 0;
    SelfPlayRunner runner(game, encoder, backends, config, args->seed, args->network);
    SelfPlayStats stats = runner.play(args->games, nullptr, [&](GameRecord&& record) {
      writer.add(record);
      if (bar) bar->update(++done);
    });
    writer.flush();
    if (bar) bar->finish();
    // 3. The run's counters.
    std::cout << stats.to_json().dump(2) << std::endl;
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kGenerateCommand{
    "generate", "self-play games with a network into shard files (outside a training run)", &setup};

}  // namespace inchzero::cli
