// `inchzero train --run FOLDER --out DIR --steps N [--ranks R --rank K
// --rendezvous file:PATH|tcp:HOST:PORT]`: data-parallel training steps on a
// run's replay window (train/parallel_training.h, docs/cluster.md).
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "core/stop_signals.h"
#include "cli/rank_options.h"
#include "train/parallel_training.h"

namespace inchzero::cli {
namespace {

CommandRunner setup(CLI::App& app) {
  auto o = std::make_shared<ParallelTrainingOptions>();
  app.add_option("--run", o->run, "the run folder to train on (read only)")->required();
  app.add_option("--out", o->out, "this training's folder: checkpoints, net.pt, parameters.f32")
      ->required();
  app.add_option("--steps", o->steps, "training steps in all (a resume takes the rest)")
      ->required()
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--checkpoint-every", o->checkpoint_every,
                 "steps between checkpoints (default 0: only at the end)")
      ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  add_rank_options(app, o->group);
  app.add_flag("--quiet", o->quiet, "no progress bar");
  app.footer(
      "Every rank takes its share of each batch and the gradients are summed with Gloo, so "
      "R ranks take the steps one rank takes on the whole batch. Rank 0 writes the "
      "checkpoints; after a rank dies, the same command on every rank resumes from the "
      "newest in --out.");
  return [o]() {
    const std::atomic<bool>& stop = install_stop_handler();
    const ParallelTrainingResult r = train_data_parallel(*o, stop);
    std::cout << fmt::format(
        "rank {} of {}: steps {} -> {}, {:.0f} samples/s (whole batches, all ranks)\n",
        o->group.rank, o->group.ranks, r.first_step, r.last_step, r.samples_per_s);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kTrainCommand{
    "train", "data-parallel training steps on a run's window (--ranks, --rendezvous)", &setup};

}  // namespace inchzero::cli
