// `inchzero selfplay --run FOLDER`: an extra self-play worker for a training
// run, in another process or on another machine sharing the folder.
#include <iostream>

#include "cli/command.h"
#include "core/stop_signals.h"
#include "train/extra_worker.h"
#include "train/worker_id.h"

namespace inchzero::cli {
namespace {

CommandRunner setup(CLI::App& app) {
  auto options = std::make_shared<WorkerOptions>();
  app.add_option("--run", options->run, "the run folder to join (its config.yaml is used)")
      ->required();
  app.add_option("--games", options->games, "stop after this many games (default: until Ctrl-C)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--worker-id", options->worker_id,
                 "this worker's id in shard names and records: 1-64 of A-Z a-z 0-9 . _ - "
                 "(default: Slurm array job and task, the Kubernetes pod name, else "
                 "host-pid-random)")
      ->check([](const std::string& id) {
        return valid_worker_id(id) ? std::string()
                                   : "worker id '" + id + "': use 1-64 of A-Z a-z 0-9 . _ -";
      });
  app.add_option("--retry-minutes", options->retry_minutes,
                 "how long the run folder may stay unavailable before the worker gives up")
      ->check(CLI::Range(0.0, 7 * 24 * 60.0));
  app.add_option("--teacher", options->teacher,
                 "a player spec (ab:2, uct:1000, ...) that plays itself instead of the run's "
                 "network: its decisions are the policy targets and its games' outcomes the "
                 "value targets, data the run learns from (docs/running.md, \"Teachers\")");
  app.add_option("--teacher-opening-plies", options->teacher_opening_plies,
                 "random full moves opening each teacher game, so that a deterministic teacher "
                 "does not repeat one game")
      ->check(CLI::Range(0, 1000))
      ->needs("--teacher");
  app.add_flag("--quiet", options->quiet, "no progress bars");
  app.footer(
      "Plays with the newest network in FOLDER/networks/, switching when a newer one "
      "appears, and publishes FOLDER/shards/ext-<id>-NNNNNN.shard (never replacing a file), "
      "which the trainer of `inchzero run` picks up at its next iteration. While the folder "
      "is unavailable it retries with backoff, keeping its games in memory.");
  return [options]() {
    const std::atomic<bool>& stop = install_stop_handler();
    const int64_t games = run_selfplay_worker(*options, stop);
    std::cout << games << " games written\n";
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kSelfplayCommand{
    "selfplay", "join a training run as an extra self-play worker (--run FOLDER)", &setup};

}  // namespace inchzero::cli
