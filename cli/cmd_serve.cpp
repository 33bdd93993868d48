// `inchzero serve`: the browser UI — play any game against a network or a
// player, see the network's evaluation, replay a run's games
// (server/http_server.h, docs/ui.md). This file only turns the options and
// run folders into what the server takes.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "core/stop_signals.h"
#include "cli/network_choice.h"
#include "server/http_server.h"
#include "train/run_folder.h"

namespace inchzero::cli {
namespace {

namespace fs = std::filesystem;

struct ServeArgs {
  std::vector<std::string> runs, models, search;
  ServerOptions server;
  EngineLimits limits;
  InferenceChoice inference;  // --precision, --device
  uint64_t seed = 1;
};

std::string folder_name(const std::string& path) {
  const fs::path p = fs::path(path).lexically_normal();
  return (p.has_filename() ? p.filename() : p.parent_path().filename()).string();
}

// A run folder's network, games and pictures. A run of a lab
// (LAB/agents/<rule set>/) also shows the lab's plots (LAB/plots/).
ServedRun served_run(const std::string& folder, std::vector<ServedNetwork>& networks) {
  const RunFolder run(folder);
  if (!run.has_run()) throw GameError("--run " + folder + ": not a run folder (no config.yaml)");
  ServedRun served;
  served.name = folder_name(folder);
  served.shard_dir = run.shard_dir();
  if (run.latest_network() >= 0) {
    served.network_id = "net" + std::to_string(networks.size());
    networks.push_back({served.name, run.network_path(run.latest_network())});
  } else {
    std::cerr << "inchzero serve: warning: run " << folder
              << " has no network yet; its games are shown without evaluation\n";
  }
  served.image_files.push_back((fs::path(folder) / "learning_curve.png").string());
  const fs::path absolute = fs::absolute(folder).lexically_normal();
  const fs::path parent =
      (absolute.has_filename() ? absolute : absolute.parent_path()).parent_path();
  if (parent.filename() == "agents")
    served.image_dirs.push_back((parent.parent_path() / "plots").string());
  served.image_dirs.push_back((fs::path(folder) / "plots").string());
  return served;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  app.add_option("--run", args->runs,
                 "a training run folder (repeatable): its newest network plays and evaluates, its "
                 "self-play games can be replayed, its learning curve is shown");
  app.add_option("--model", args->models,
                 "a network file, run folder or zoo:NAME to play with (repeatable)");
  app.add_option("--port", args->server.port, "TCP port (0: any free port, printed at start)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  app.add_option("--host", args->server.host,
                 "address to listen on; anything but this machine's loopback lets other "
                 "machines play and read your runs' games")
      ->capture_default_str();
  app.add_option("--max-visits", args->limits.max_visits,
                 "the most visits one request may ask (and the most uct:N playouts)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--max-time-ms", args->limits.max_time_ms,
                 "every search stops by then; the most maxTimeMs one request may ask")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 3600000.0));
  app.add_option("--max-body", args->server.max_body_bytes, "the largest request body, bytes")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1024}, size_t{256} << 20));
  app.add_option("--search", args->search,
                 "search setting key=value for the networks (selfplay/search_config.h), "
                 "repeatable");
  app.add_option("--seed", args->seed, "seed of every random choice (symmetries, players)")
      ->capture_default_str();
  args->inference.add_options(app);
  app.footer(
      "Open the printed address in a browser. Example:\n"
      "  inchzero serve --run runs/default        # then http://127.0.0.1:8080/\n"
      "The page and the API: docs/ui.md");
  return [args]() {
    if (!is_loopback_host(args->server.host))
      std::cerr << "inchzero serve: warning: listening on " << args->server.host
                << ", not this machine's loopback: other machines can reach this server, play "
                   "and read your runs' games\n";
    EnginePoolOptions pool;
    pool.inference = args->inference.resolve(/*announce=*/false).options;
    // A request's rule set keeps its own evaluation cache: a small one each.
    pool.search.cache_entries = int64_t{1} << 16;
    pool.search = parse_search_settings(args->search, pool.search);
    pool.seed = args->seed;
    pool.limits = args->limits;
    std::vector<ServedRun> runs;
    for (const std::string& folder : args->runs) runs.push_back(served_run(folder, pool.networks));
    for (const std::string& model : args->models)
      pool.networks.push_back({folder_name(model), model});
    EnginePool engines(pool);
    RunCatalog catalog(std::move(runs));
    UiServer server(engines, catalog, args->server);
    const int port = server.bind();
    const std::string host = args->server.host.find(':') != std::string::npos
                                 ? "[" + args->server.host + "]"
                                 : args->server.host;
    std::cout << "inchzero serve: http://" << host << ":" << port << "/" << std::endl;
    for (const auto& engine : engines.describe())
      if (engine["kind"] == "network")
        std::cerr << "  " << engine["id"].get<std::string>() << ": "
                  << engine["label"].get<std::string>() << " (" << engine["game"].get<std::string>()
                  << ")\n";
    const std::atomic<bool>& stop = install_stop_handler();
    std::atomic<bool> done{false};
    std::thread watcher([&] {
      while (!stop.load() && !done.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      server.stop();
    });
    server.serve();
    done = true;
    watcher.join();
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kServeCommand{
    "serve", "the browser UI: play, see the network's evaluation, replay a run's games", &setup};

}  // namespace inchzero::cli
