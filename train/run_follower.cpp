#include "train/run_follower.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>

#include "core/progress.h"
#include "model/compute_threads.h"
#include "model/encoder.h"
#include "train/gloo_sync.h"
#include "train/rank_plan.h"
#include "train/replay_buffer.h"
#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/shard_arrivals.h"
#include "train/trainer.h"
#include "train/window_steps.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// The plan's shards as this rank's own shard folder of links to the run's
// shards (removed on exit), with their arrival order in memory.
class PlannedShards {
 public:
  PlannedShards(const RunFolder& folder, int rank)
      : folder_(folder),
        dir_(fs::temp_directory_path() / fmt::format("inchzero-rank{}-{}", rank, getpid())) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  ~PlannedShards() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  PlannedShards(const PlannedShards&) = delete;
  PlannedShards& operator=(const PlannedShards&) = delete;

  // Link the first `arrivals` shards of the run's index, counted as rank 0
  // counts them (ShardArrivals); returns their arrival order for
  // ReplayBuffer::load_new_shards.
  ShardArrivals update(int64_t arrivals) {
    ShardArrivals planned(folder_.shard_index_path(), /*read_only=*/true);
    if (static_cast<int64_t>(planned.all().size()) < arrivals) {
      throw std::runtime_error(fmt::format("{} has {} arrivals, fewer than the {} of rank 0's plan",
                                           folder_.shard_index_path(), planned.all().size(),
                                           arrivals));
    }
    planned.keep_first(static_cast<size_t>(arrivals));
    for (const ShardArrival& a : planned.all()) {
      const fs::path link = dir_ / a.shard;
      if (!fs::is_symlink(link)) {
        fs::create_symlink(fs::absolute(fs::path(folder_.shard_dir()) / a.shard), link);
      }
    }
    return planned;
  }
  std::string dir() const { return dir_.string(); }

 private:
  const RunFolder& folder_;
  fs::path dir_;
};

// What a follower keeps from plan to plan.
struct Follower {
  RunConfig config;
  std::unique_ptr<ReplayBuffer> buffer;
  std::unique_ptr<Trainer> trainer;
};

// Take part in the training phase of `plan`. Returns false when stopped.
bool train_plan(Follower& f, const RunFolder& folder, PlannedShards& shards, GradientSync& sync,
                const RankPlan& plan, const RunOptions& options, const std::atomic<bool>& stop) {
  const int rank = options.group.rank;
  if (!f.buffer) {  // the run's config exists once rank 0 published a plan
    f.config = RunConfig::load(folder.config_path());
    auto game = f.config.game.load();
    f.buffer = std::make_unique<ReplayBuffer>(game, make_encoder(*game), f.config.replay);
    f.buffer->set_samples_before(folder.read_continued().trained_samples);
  }
  if (!f.trainer || f.trainer->steps() != plan.start_steps) {
    const std::string from = folder.checkpoint_path(plan.iteration - 1);
    f.trainer = Trainer::load_checkpoint(from, &f.config.trainer);
    if (f.trainer->steps() != plan.start_steps) {
      throw std::runtime_error(fmt::format("{} is at step {}, rank 0 at step {}", from,
                                           f.trainer->steps(), plan.start_steps));
    }
    f.trainer->set_gradient_sync(&sync);
    std::cout << fmt::format("rank {}: starting from {} (step {})\n", rank, from, plan.start_steps)
              << std::flush;
  }
  ShardArrivals arrivals = shards.update(plan.arrivals);
  f.buffer->set_newest_generation(plan.newest_generation);
  f.buffer->load_new_shards(shards.dir(), &arrivals);
  if (f.buffer->window_samples() != plan.window_samples ||
      f.buffer->window_games() != plan.window_games) {
    throw std::runtime_error(fmt::format(
        "rank {}'s window ({} samples of {} games) is not rank 0's ({} samples of {} games)", rank,
        f.buffer->window_samples(), f.buffer->window_games(), plan.window_samples,
        plan.window_games));
  }
  f.trainer->set_budget_progress(plan.budget_progress);
  f.trainer->broadcast_parameters();
  set_compute_threads(1);  // as rank 0's training phase (run_loop.cpp)
  const int batch = f.config.trainer.batch_size;
  ProgressBar bar(fmt::format("[it {}] rank {} training", plan.iteration, rank), plan.steps,
                  !options.quiet);
  const auto start = std::chrono::steady_clock::now();
  const bool finished = train_window_steps(
      *f.trainer, *f.buffer, plan.steps, batch, f.config.network.aux_outputs, &sync, stop,
      [&](const StepStats& s, int64_t done) {
        bar.update(done,
                   fmt::format("steps | loss p {:.3f} v {:.3f}", s.policy_loss, s.value_loss));
      });
  bar.finish("steps");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << fmt::format(
                   "rank {}: iteration {}: {} steps, {} rows of each batch of {}, window {} "
                   "samples, {:.0f} samples/s (whole batches)\n",
                   rank, plan.iteration,
                   finished ? plan.steps : f.trainer->steps() - plan.start_steps,
                   batch / options.group.ranks + (rank < batch % options.group.ranks ? 1 : 0),
                   batch, plan.window_samples,
                   static_cast<double>(f.trainer->steps() - plan.start_steps) * batch /
                       std::max(seconds, 1e-9))
            << std::flush;
  return finished;
}

}  // namespace

RunResult follow_run(const RunOptions& options, const std::atomic<bool>& stop) {
  const RankOptions& g = options.group;
  const RunFolder folder(options.out);
  RankGroup group = join_rank_group(g);
  std::cout << fmt::format("rank {} of {}: joined at {}; following rank 0's run {}\n", g.rank,
                           g.ranks, g.rendezvous, options.out)
            << std::flush;
  PlannedShards shards(folder, g.rank);
  Follower follower;
  RunResult result;
  for (int64_t seq = 1;; ++seq) {
    const RankPlan plan = wait_for_plan(*group.store, seq, g.timeout_seconds, stop);
    // Acknowledged also when this rank was stopped: rank 0 stops at the same
    // step and publishes "stopped", which this rank does not wait to read;
    // without the acknowledgement rank 0 would wait --timeout for it.
    if (!plan.end.empty()) acknowledge_end(*group.store);
    result.stopped = plan.end == "interrupted" || plan.end == "stopped";
    if (plan.end == "interrupted") {  // this rank was stopped (rank 0 stops at the same step)
      std::cout << fmt::format("rank {}: stopped ({} training phases here)\n", g.rank,
                               result.iterations);
      return result;
    }
    if (plan.end == "finished" || plan.end == "stopped") {
      std::cout << fmt::format("rank {}: the run {} ({} training phases here)\n", g.rank,
                               plan.end == "finished" ? "ended" : "was stopped", result.iterations);
      return result;
    }
    if (!plan.end.empty()) throw std::runtime_error("rank 0 ended the run: " + plan.end);
    train_plan(follower, folder, shards, *group.sync, plan, options, stop);
    ++result.iterations;
  }
}

}  // namespace inchzero
