// `inchzero run`: the whole learning loop on one config (train/run_loop.h).
#include <cstdint>
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "core/stop_signals.h"
#include "cli/rank_options.h"
#include "train/run_config.h"
#include "train/run_loop.h"
#include "train/run_start.h"

namespace inchzero::cli {
namespace {

CommandRunner setup(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  options->out = "runs/default";
  app.add_option("--config", options->config,
                 "run config: a YAML file or an embedded name (inchworm, inchworm-small, invector, "
                 "steere-inchworm, inchworm-chess, longworm-chess); "
                 "default: the run folder's own config, else inchworm");
  app.add_option("--out", options->out, "the run folder (created, or resumed when it exists)")
      ->capture_default_str();
  app.add_option("--minutes", options->minutes,
                 "stop after this many minutes of run time over all sessions (overrides the "
                 "config's budget; 0 = no limit)")
      ->check(CLI::Range(0.0, 1e7));
  app.add_option("--iterations", options->iterations,
                 "stop after this many iterations in total (overrides the config; 0 = no limit)")
      ->check(CLI::Range(0, 100000000));
  auto seed = std::make_shared<uint64_t>(0);
  app.add_option("--seed", *seed,
                 "seed of a new run, recorded in its config.yaml (overrides the config's; 0 = a "
                 "random one); a resumed run keeps its own: another is refused, 0 resumes");
  app.add_flag("--quiet", options->quiet, "no progress bars, one summary line per iteration");
  add_rank_options(app, options->group);
  auto check = std::make_shared<bool>(false);
  app.add_flag("--check", *check,
               "only load and validate the config (game, encoder, baselines, network shape), "
               "print it resolved and exit; nothing is written");
  auto config_doc = std::make_shared<bool>(false);
  app.add_flag("--config-doc", *config_doc,
               "print every config key (section.key) with its default, accepted values and "
               "meaning as a markdown table, and exit (docs/running.md holds a copy)");
  app.footer(
      "The run folder holds everything (docs/running.md): config.yaml, shards/, networks/, "
      "checkpoints/, metrics.jsonl, learning_curve.png. Ctrl-C stops at a safe point; the "
      "same command resumes, also after kill -9. With --ranks R the training phases are "
      "data-parallel: rank 0 is the run, ranks 1..R-1 (the same command with their --rank) "
      "train their share of each batch and write nothing (docs/cluster.md).");
  return [options, check, config_doc, seed, &app]() {
    if (app.count("--seed") > 0) options->seed = *seed;
    if (*config_doc) {
      std::cout << RunConfig::doc_table();
      return kExitOk;
    }
    if (*check) {
      check_run_config(*options, std::cout);
      return kExitOk;
    }
    const std::atomic<bool>& stop = install_stop_handler();
    // A stopped run exits non-zero (a requeue-on-failure job resumes it),
    // also a rank stopped by another rank's stop.
    return run_training(*options, stop).stopped ? kExitFailure : kExitOk;
  };
}

}  // namespace

extern const CommandSpec kRunCommand{
    "run", "train by self-play: self-play, training, evaluation in a loop (resumable)", &setup};

}  // namespace inchzero::cli
