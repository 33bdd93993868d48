// `inchzero selfplay --run FOLDER`: an extra self-play worker for a training
// run, in another process or on another machine sharing the folder.
#include <iostream>

#include "cli/command.h"
#include "cli/interrupt.h"
#include "train/run_loop.h"

namespace inchzero::cli {
namespace {

CommandRunner setup(CLI::App& app) {
  auto options = std::make_shared<WorkerOptions>();
  app.add_option("--run", options->run, "the run folder to join (its config.yaml is used)")
      ->required();
  app.add_option("--games", options->games, "stop after this many games (default: until Ctrl-C)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_flag("--quiet", options->quiet, "no progress bars");
  app.footer(
      "Plays with the newest network in FOLDER/networks/, switching when a newer one "
      "appears, and writes FOLDER/shards/ext-<host>-<pid>-NNNNNN.shard, which the "
      "trainer of `inchzero run` picks up at its next iteration.");
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
