#include "train/parallel_training.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/progress.h"
#include "model/compute_threads.h"
#include "model/encoder.h"
#include "train/gloo_sync.h"
#include "train/replay_buffer.h"
#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/shard_arrivals.h"
#include "train/trainer.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kKeepCheckpoints = 2;

std::string checkpoint_path(const std::string& out, int64_t step) {
  return (fs::path(out) / fmt::format("ckpt-{:08d}.pt", step)).string();
}

// The newest OUT/ckpt-<step>.pt, or "".
std::string newest_checkpoint(const std::string& out, std::vector<std::string>* all = nullptr) {
  static const std::regex pattern(R"(ckpt-([0-9]{8})\.pt)");
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out, ec)) {
    if (std::regex_match(entry.path().filename().string(), pattern)) {
      found.push_back(entry.path().string());
    }
  }
  std::sort(found.begin(), found.end());
  if (all != nullptr) *all = found;
  return found.empty() ? std::string() : found.back();
}

// Rank 0's checkpoint; the run record holds the target step count.
void save(const Trainer& trainer, const ParallelTrainingOptions& o, int64_t target) {
  const std::string path = checkpoint_path(o.out, trainer.steps());
  trainer.save_checkpoint(path, nlohmann::json{{"target_steps", target}}.dump());
  std::vector<std::string> all;
  newest_checkpoint(o.out, &all);
  for (size_t i = 0; i + kKeepCheckpoints < all.size(); ++i) fs::remove(all[i]);
}

void write_parameters(const Trainer& trainer, const std::string& path) {
  std::string bytes;
  for (const ParameterValues& p : trainer.network().parameter_values()) {
    bytes.append(reinterpret_cast<const char*>(p.values.data()), p.values.size() * sizeof(float));
  }
  write_file_atomically(path, bytes);
}

}  // namespace

ParallelTrainingResult train_data_parallel(const ParallelTrainingOptions& o,
                                           const std::atomic<bool>& stop) {
  RunFolder folder(o.run);
  if (!folder.has_run()) throw GameError("no training run in '" + o.run + "' (no config.yaml)");
  if (o.out.empty()) throw GameError("no folder for this training's checkpoints (--out)");
  if (o.steps < 1) throw GameError("--steps must be >= 1");
  check_rank_options(o.group);
  const RunConfig config = RunConfig::load(folder.config_path());
  if (config.trainer.batch_size < o.group.ranks) {
    throw GameError(fmt::format("trainer.batch_size {} is smaller than --ranks {}",
                                config.trainer.batch_size, o.group.ranks));
  }
  auto game = config.game.load();
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);

  // Start from our newest checkpoint (a resume) or the run's newest.
  std::string from = newest_checkpoint(o.out);
  const bool resuming = !from.empty();
  if (!resuming) {
    const int latest = folder.latest_checkpoint();
    if (latest < 0) throw GameError("run '" + o.run + "' has no checkpoint to start from");
    from = folder.checkpoint_path(latest);
  }
  std::unique_ptr<Trainer> trainer = Trainer::load_checkpoint(from);
  int64_t target = trainer->steps() + o.steps;
  if (resuming) {
    const nlohmann::json record = nlohmann::json::parse(trainer->run_record(), nullptr, false);
    if (!record.is_object() || !record.contains("target_steps")) {
      throw GameError("checkpoint '" + from + "' has no target step count");
    }
    target = record["target_steps"].get<int64_t>();
  }

  // The same window on every rank: the run's shards in its arrival order.
  ReplayBuffer buffer(game, encoder, config.replay);
  ShardArrivals arrivals(folder.shard_index_path(), /*read_only=*/true);
  buffer.set_newest_generation(std::max(0, folder.latest_network()));
  buffer.load_new_shards(folder.shard_dir(), &arrivals);
  if (buffer.window_samples() == 0) throw GameError("run '" + o.run + "' has no samples yet");

  RankGroup group;
  if (o.group.ranks > 1) {
    group = join_rank_group(o.group);
    trainer->set_gradient_sync(group.sync.get());
    trainer->broadcast_parameters();
  }
  if (o.group.rank == 0) fs::create_directories(o.out);
  const int batch = config.trainer.batch_size;
  std::cout << fmt::format(
                   "rank {} of {}: {} {} at step {} (target {}), window {} samples of {} games, "
                   "{} rows of each batch of {}\n",
                   o.group.rank, o.group.ranks, resuming ? "resuming from" : "starting from", from,
                   trainer->steps(), target, buffer.window_samples(), buffer.window_games(),
                   batch / o.group.ranks + (o.group.rank < batch % o.group.ranks ? 1 : 0), batch)
            << std::flush;

  set_compute_threads(1);
  ParallelTrainingResult result;
  result.first_step = trainer->steps();
  const auto start = Clock::now();
  ProgressBar bar(fmt::format("rank {} training", o.group.rank), target - result.first_step,
                  !o.quiet && o.group.rank == 0);
  try {
    while (trainer->steps() < target && !stop.load()) {
      // One batch per draw: the RNG a checkpoint saves is then the one the
      // next step starts from, so a resumed run takes the same batches.
      for (const TrainingBatch& slice : buffer.make_batches(
               1, batch, config.network.aux_outputs, trainer->rng(), o.group.rank, o.group.ranks)) {
        // lr_horizon budget: this command's budget is its step target (the
        // same on every rank and across resumes, so the ranks stay identical).
        trainer->set_budget_progress(static_cast<double>(trainer->steps()) / target);
        const StepStats stats = trainer->step(slice);
        fault_point("after_train_step");
        bar.update(
            trainer->steps() - result.first_step,
            fmt::format("steps | loss p {:.3f} v {:.3f}", stats.policy_loss, stats.value_loss));
        if (o.group.rank == 0 && o.checkpoint_every > 0 &&
            trainer->steps() % o.checkpoint_every == 0) {
          save(*trainer, o, target);
        }
      }
    }
  } catch (const std::runtime_error& e) {
    if (dynamic_cast<const GameError*>(&e) != nullptr) throw;
    // As `inchzero run` does (gloo_sync.h: only rank 0 removes the file).
    if (o.group.rank == 0) forget_rendezvous(o.group);
    const std::string newest = newest_checkpoint(o.out);
    throw std::runtime_error(fmt::format(
        "step {} stopped: {}; start every rank again with the same command to resume from {}",
        trainer->steps() + 1, e.what(), newest.empty() ? "the run's checkpoint " + from : newest));
  }
  bar.finish("steps");
  result.last_step = trainer->steps();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.samples_per_s =
      static_cast<double>(result.last_step - result.first_step) * batch / std::max(seconds, 1e-9);
  if (o.group.rank == 0) {
    save(*trainer, o, target);
    if (trainer->steps() >= target) {
      trainer->network().save((fs::path(o.out) / "net.pt").string());
      write_parameters(*trainer, (fs::path(o.out) / "parameters.f32").string());
    }
  }
  return result;
}

}  // namespace inchzero
