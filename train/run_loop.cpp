#include "train/run_loop.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/progress.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "core/zip_check.h"
#include "model/backend.h"
#include "model/compute_threads.h"
#include "model/encoder.h"
#include "model/network.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/shard.h"
#include "selfplay/start_positions.h"
#include "train/learning_curve.h"
#include "train/rank_leader.h"
#include "train/replay_buffer.h"
#include "train/run_config.h"
#include "train/run_evaluation.h"
#include "train/run_folder.h"
#include "train/run_follower.h"
#include "train/run_inference.h"
#include "train/run_start.h"
#include "train/shard_arrivals.h"
#include "train/trainer.h"
#include "train/window_steps.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// derive_seed stream tags: each consumer of randomness has its own stream.
constexpr uint64_t kNetworkInitStream = 0x6e6574;  // "net"
constexpr uint64_t kTrainerStream = 0x747261;      // "tra"
constexpr uint64_t kSelfPlayStream = 0x73656c;     // "sel"
// (0x657874 "ext": extra workers, train/extra_worker.cpp; 0x657870 "exp":
// start positions, selfplay/start_positions.h)

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return text;
}

// Everything a run needs, set up once per session.
struct Run {
  RunOptions options;
  RunFolder folder;
  RunConfig config;
  std::shared_ptr<const Game> game;
  std::shared_ptr<const Encoder> encoder;
  BackendShape shape;
  InferenceOptions inference;  // selfplay.precision and selfplay.device, resolved
  const std::atomic<bool>* stop = nullptr;
  std::vector<IterationRecord> metrics;  // metrics.jsonl, oldest first
  RunState state;
  // The arrival order of the shards (shard_index.jsonl): the window's order.
  std::unique_ptr<ShardArrivals> arrivals;
  // The record of the newest trained iteration as its checkpoint stored it
  // (selfplay, train, replay): completed by the evaluation, which may run in
  // a later session.
  IterationRecord pending;
  Clock::time_point session_start = Clock::now();
  double active_at_start = 0;
  // Data-parallel (options.group.ranks > 1): rank 0's side of the group;
  // null for a run of one rank.
  std::unique_ptr<RankLeader> ranks;
  // Another rank was stopped during a training phase: the run stops as if
  // this rank's own `stop` had turned true.
  bool peer_stopped = false;
  // What a run continued from a zoo entry starts with (continued_from.json):
  // its sample and game counts are the whole run's, this folder's shards
  // added to them.
  ContinuedFrom continued;

  explicit Run(const RunOptions& o) : options(o), folder(o.out) {}
  // The whole run's self-play samples and games: those of the shards this
  // folder holds, and those of the entry it was continued from.
  int64_t samples_seen(const ReplayBuffer& buffer) const {
    return continued.trained_samples + buffer.total_samples();
  }
  int64_t games_seen(const ReplayBuffer& buffer) const {
    return continued.games + buffer.total_games();
  }
  double active_seconds() const { return active_at_start + seconds_since(session_start); }
  bool stopped() const { return stop->load() || peer_stopped; }
  std::string label(int iteration) const { return fmt::format("[it {}]", iteration); }
  // "loss p 2.31 v 0.95 | run 12:03 of 60:00" for progress lines.
  std::string status() const {
    std::string s;
    if (!metrics.empty() && metrics.back().train.contains("policy_loss")) {
      const auto& t = metrics.back().train;
      s = fmt::format("loss p {:.3f} v {:.3f} | ", t["policy_loss"].get<double>(),
                      t["value_loss"].get<double>());
    }
    s += "run " + format_duration(active_seconds());
    if (config.budget.minutes > 0) s += " of " + format_duration(config.budget.minutes * 60);
    return s;
  }
};

// Games already in the shards of `prefix` (an iteration resumed mid-way).
int64_t games_in_shards(const std::string& dir, const std::string& prefix) {
  int64_t games = 0;
  for (const std::string& path : list_shards({dir})) {
    if (fs::path(path).filename().string().rfind(prefix + "-", 0) != 0) continue;
    const ShardCheck check = verify_shard(path);
    if (check.ok) games += check.games;
  }
  return games;
}

// The run bookkeeping that commits together with the training of
// `iteration`: it is stored inside that iteration's checkpoint, so a kill at
// any moment leaves either both the trained network and its accounting or
// neither (run_state.json, written later, is only a summary for people).
nlohmann::json run_record(const Run& run, int iteration) {
  return {{"iteration", iteration},
          {"trained_samples", run.state.trained_samples},
          {"active_seconds", run.active_seconds()},
          {"record", run.pending.to_json()}};
}

// Take the bookkeeping of the checkpoint of `iteration` (see run_record).
void apply_run_record(Run& run, const std::string& text, int iteration) {
  if (text.empty()) {
    // A checkpoint of an older build: run_state.json's count is all there is.
    std::cerr << "note: " << run.folder.checkpoint_path(iteration)
              << " predates exact resume; trained samples taken from run_state.json\n";
    return;
  }
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || j.value("iteration", -1) != iteration) {
    throw GameError("checkpoint '" + run.folder.checkpoint_path(iteration) + "': bad run record");
  }
  run.state.trained_samples = j.value("trained_samples", int64_t{0});
  run.state.active_seconds = std::max(run.state.active_seconds, j.value("active_seconds", 0.0));
  run.pending = IterationRecord::from_json(j.value("record", nlohmann::json::object()),
                                           run.folder.checkpoint_path(iteration) + ": run record");
}

// After a fallback to the checkpoint of `iteration`: the metrics records of
// the later iterations go (they are played and trained again), so that
// metrics.jsonl keeps one record per iteration.
void drop_metrics_after(Run& run, int iteration) {
  std::string kept;
  std::vector<IterationRecord> records;
  for (const IterationRecord& r : run.metrics) {
    if (r.iteration > iteration) continue;
    kept += r.to_json().dump() + "\n";
    records.push_back(r);
  }
  if (records.size() == run.metrics.size()) return;
  write_file_atomically(run.folder.metrics_path(), kept);
  run.metrics = std::move(records);
  run.state.evaluated = -1;
  for (const IterationRecord& r : run.metrics)
    run.state.evaluated = std::max(run.state.evaluated, r.iteration);
}

// Open the newest checkpoint, or start the run with a fresh network.
std::unique_ptr<Trainer> open_trainer(Run& run) {
  const int latest = run.folder.latest_checkpoint();
  if (latest < 0) {
    const NetworkConfig net = network_config_for(*run.game, run.config.network);
    std::shared_ptr<Network> network;
    if (run.config.warm_start.empty()) {
      network = Network::create(net, derive_seed(run.config.seed, {kNetworkInitStream}));
    } else {
      network = warm_start_network(run.config);
      std::cout << "warm start: the weights of " << run.config.warm_start << "\n";
    }
    auto trainer = std::make_unique<Trainer>(network, run.config.trainer,
                                             derive_seed(run.config.seed, {kTrainerStream}));
    run.state.iterations = 0;
    run.state.trained_samples = 0;
    run.pending = IterationRecord();
    trainer->save_checkpoint(run.folder.checkpoint_path(0), run_record(run, 0).dump());
    fault_point("after_checkpoint");
    trainer->network().save(run.folder.network_path(0));
    fault_point("after_network");
    std::cout << fmt::format("new network: {} parameters, {} blocks x {} channels\n",
                             trainer->network().parameter_count(), net.arch.blocks,
                             net.arch.channels)
              << std::flush;
    return trainer;
  }
  // A damaged checkpoint (its CRCs fail: a bad disk, a copy cut short) is
  // set aside and the previous kept one is used; the iterations after it are
  // trained again, on every shard there is. With no older checkpoint to fall
  // back to, the error stands and the file stays (renaming it would make the
  // next start a new run over old shards).
  std::vector<int> candidates;
  for (int i = latest; i >= 0; --i) {
    if (fs::exists(run.folder.checkpoint_path(i))) candidates.push_back(i);
  }
  std::unique_ptr<Trainer> trainer;
  int loaded = latest;
  for (size_t c = 0; c < candidates.size() && !trainer; ++c) {
    loaded = candidates[c];
    const std::string path = run.folder.checkpoint_path(loaded);
    try {
      trainer = Trainer::load_checkpoint(path, &run.config.trainer);
    } catch (const GameError& e) {
      if (c + 1 == candidates.size()) throw;
      std::cerr << "warning: " << e.what() << "; set aside as " << path
                << ".damaged, falling back to the previous checkpoint\n";
      fs::rename(path, path + ".damaged");
    }
  }
  if (loaded < latest) {
    std::cerr << "warning: resuming from " << run.folder.checkpoint_path(loaded) << "; iterations "
              << loaded + 1 << "-" << latest << " will be trained again\n";
    drop_metrics_after(run, loaded);
  }
  // A run saved with another encoder (e.g. fewer input planes) is refused here.
  check_network_fits(trainer->network().config(), run.folder.checkpoint_path(loaded),
                     run.game->name(), run.encoder->shape().size(), run.game->num_actions());
  // A crash between the checkpoint and the network file, or a damaged network
  // file: export it again from the checkpoint.
  const std::string network = run.folder.network_path(loaded);
  std::string problem = fs::exists(network) ? "" : "missing";
  if (problem.empty()) problem = check_zip_crcs(read_file(network));
  if (!problem.empty()) {
    if (problem != "missing") {
      std::cerr << "warning: " << network << " is damaged (" << problem
                << "); written again from its checkpoint\n";
    }
    trainer->network().save(network);
  }
  run.state.iterations = loaded;
  apply_run_record(run, trainer->run_record(), loaded);
  return trainer;
}

std::shared_ptr<InferenceBackend> network_backend(const Run& run, int iteration) {
  return make_backend("torch:" + run.folder.network_path(iteration), run.shape, run.game->name(),
                      run.inference);
}

// How much of the budget is spent when `iteration` plays or trains (0..1):
// BudgetConfig::progress of the run's active time.
double budget_progress(const Run& run, int iteration) {
  return run.config.budget.progress(run.active_seconds(), iteration);
}

// With selfplay.exploit_share, the positions a share of the phase's games
// start from: one per game still to play, drawn from the replay window (the
// games of the iterations before; none in the first).
std::vector<std::string> exploit_positions(const Run& run, const ReplayBuffer& buffer,
                                           int iteration, int64_t done, int64_t remaining) {
  if (run.config.selfplay.exploit_share <= 0) return {};
  std::mt19937_64 rng(derive_seed(
      run.config.seed,
      {kStartPositionStream, static_cast<uint64_t>(iteration), static_cast<uint64_t>(done)}));
  return draw_start_positions(*run.game, buffer.window_records(), static_cast<int>(remaining), rng);
}

// 1. Self-play with the newest network: the games of `iteration` still missing.
nlohmann::json selfplay_phase(Run& run, const ReplayBuffer& buffer, int iteration) {
  const std::string prefix = RunFolder::shard_prefix(iteration);
  const int64_t done = games_in_shards(run.folder.shard_dir(), prefix);
  const int64_t remaining = run.config.iteration.games - done;
  // The phase's statistics are committed beside its shards when it ends; a
  // kill between the last shard and that file leaves a record that says so.
  const std::string stats_path = run.folder.selfplay_stats_path(iteration);
  if (remaining <= 0) {
    if (fs::exists(stats_path)) {
      const nlohmann::json j = nlohmann::json::parse(read_file(stats_path), nullptr, false);
      if (j.is_object()) return j;
    }
    return {{"games", 0}, {"resumed_games", done}, {"stats_lost", true}};
  }
  set_compute_threads(1);  // one core per self-play worker
  // The first games are played with a uniform policy and an even value
  // rather than the freshly initialised network: both know nothing, and
  // uniform costs no network time (those first games are the longest). A
  // warm-started network knows something: it plays them, or its first
  // training would be on near-random games.
  const bool uniform = iteration == 1 && run.config.warm_start.empty();
  std::shared_ptr<InferenceBackend> backend =
      uniform ? std::shared_ptr<InferenceBackend>(make_backend("uniform", run.shape))
              : network_backend(run, iteration - 1);
  // With selfplay.full_visits_initial the visits grow with the budget spent
  // before this iteration (committed run time, so a resumed phase plays the
  // visits it started with).
  const SelfPlayConfig config = run.config.selfplay.at_progress(budget_progress(run, iteration));
  SelfPlayRunner runner(
      run.game, run.encoder, [backend](int) { return backend; }, config,
      derive_seed(run.config.seed,
                  {kSelfPlayStream, static_cast<uint64_t>(iteration), static_cast<uint64_t>(done)}),
      uniform ? "uniform" : fmt::format("net-{:06d}", iteration - 1));
  runner.set_start_positions(exploit_positions(run, buffer, iteration, done, remaining));
  ShardWriter writer(run.folder.shard_dir(), prefix, run.config.iteration.games_per_shard);
  ProgressBar bar(run.label(iteration) + " self-play", remaining, !run.options.quiet);
  int64_t finished = 0;
  const std::string status = run.status();
  SelfPlayStats stats = runner.play(remaining, run.stop, [&](GameRecord&& record) {
    writer.add(record);
    bar.update(++finished, "games | " + status);
  });
  writer.flush();
  bar.finish("games");
  nlohmann::json out = stats.to_json();
  out["inference"] = inference_record(run.config.selfplay.precision, run.config.selfplay.device);
  out["training_device"] = device_record(
      resolve_device(run.config.trainer.device, "trainer.device"), run.config.trainer.device);
  if (config.full_visits_initial > 0)
    out["visits"] = {{"full", config.full_visits}, {"cheap", config.cheap_visits}};
  if (done > 0) out["resumed_games"] = done;
  if (finished >= remaining) write_file_atomically(stats_path, out.dump() + "\n");
  return out;
}

// 1'. Trainer only (iteration.games 0): wait until extra workers have
// delivered enough new samples for the iteration. Null when stopped or when
// the time budget ran out while waiting.
nlohmann::json wait_for_workers(Run& run, ReplayBuffer& buffer, int iteration) {
  const auto start = Clock::now();
  const IterationConfig& it = run.config.iteration;
  const int64_t needed = it.min_new_samples > 0
                             ? it.min_new_samples
                             : static_cast<int64_t>(std::ceil(run.config.trainer.batch_size /
                                                              run.config.replay.reuse));
  ProgressBar bar(run.label(iteration) + " waiting for workers", needed, !run.options.quiet);
  const std::string status = run.status();
  for (;;) {
    buffer.set_newest_generation(iteration - 1);
    buffer.load_new_shards(run.folder.shard_dir(), run.arrivals.get());
    const int64_t fresh = run.samples_seen(buffer) - run.state.trained_samples;
    bar.update(std::min(fresh, needed), "new samples | " + status);
    if (fresh >= needed && buffer.window_samples() >= it.min_window_samples) {
      bar.finish("new samples");
      return {{"games", 0},
              {"trainer_only", true},
              {"new_samples", fresh},
              {"waited_seconds", seconds_since(start)}};
    }
    const double budget = run.config.budget.minutes * 60;
    if (run.stop->load() || (budget > 0 && run.active_seconds() >= budget)) return nullptr;
    for (int i = 0; i < 20 && !run.stop->load(); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

// 2. Training on the window. Returns null when stopped before the end;
// `trained_samples` gets the run's count of trained samples after it.
// commit_training saves the result.
nlohmann::json training_phase(Run& run, Trainer& trainer, ReplayBuffer& buffer, int iteration,
                              double budget_progress, int64_t* trained_samples) {
  const auto start = Clock::now();
  buffer.set_newest_generation(iteration - 1);
  buffer.load_new_shards(run.folder.shard_dir(), run.arrivals.get());
  const int64_t new_samples = run.samples_seen(buffer) - run.state.trained_samples;
  const int batch_size = run.config.trainer.batch_size;
  // A continued run first plays until its window is as large as the run's
  // was (ReplayBuffer::window_full); those games are not paid for in steps
  // (the entry's network was trained on the games before them).
  const bool refilling = !buffer.window_full();
  const bool ready =
      !refilling && buffer.window_samples() >= run.config.iteration.min_window_samples;
  const int64_t steps = ready ? training_steps_for(run.config.replay, new_samples, batch_size) : 0;
  if (refilling && !run.options.quiet)
    std::cout << fmt::format("{} refilling the replay window: {} of {} samples, no training yet\n",
                             run.label(iteration), buffer.total_samples(), buffer.window_before());
  trainer.set_budget_progress(budget_progress);
  if (run.ranks) {  // the followers train the same steps on the same window
    RankPlan plan;
    plan.iteration = iteration;
    plan.start_steps = trainer.steps();
    plan.steps = steps;
    plan.arrivals = static_cast<int64_t>(run.arrivals->all().size());
    plan.newest_generation = iteration - 1;
    plan.budget_progress = budget_progress;
    plan.window_samples = buffer.window_samples();
    plan.window_games = buffer.window_games();
    run.ranks->plan_training(plan, trainer);
  }

  // One thread: with OpenMP's spinning workers, two threads on a shared
  // 2-core machine ran a small network's steps 40x slower (measured).
  set_compute_threads(1);
  ProgressBar bar(run.label(iteration) + " training", steps, !run.options.quiet);
  double policy = 0, value = 0, aux = 0, grad = 0, policy_weight = 0;
  StepStats last;
  int64_t done = 0;
  const bool finished = train_window_steps(
      trainer, buffer, steps, batch_size, run.config.network.aux_outputs,
      run.ranks ? run.ranks->sync() : nullptr, *run.stop,
      [&](const StepStats& stats, int64_t step) {
        last = stats;
        policy += last.policy_loss * last.policy_weight;
        policy_weight += last.policy_weight;
        value += last.value_loss;
        aux += last.aux_loss;
        grad += last.grad_norm;
        done = step;
        bar.update(done,
                   fmt::format("steps | loss p {:.3f} v {:.3f}",
                               policy_weight > 0 ? policy / policy_weight : 0.0, value / done));
      });
  if (!finished) {
    run.peer_stopped = !run.stop->load();  // false without a stop of this rank: another's
    return nullptr;
  }
  bar.finish("steps");
  *trained_samples = ready || refilling ? run.samples_seen(buffer) : run.state.trained_samples;

  nlohmann::json out = {{"steps", done},
                        {"total_steps", trainer.steps()},
                        {"new_samples", new_samples},
                        {"seconds", seconds_since(start)},
                        {"learning_rate", done > 0 ? last.learning_rate
                                                   : run.config.trainer.learning_rate_at(
                                                         trainer.steps(), budget_progress)},
                        {"precision", trainer.precision()},
                        {"ranks", run.options.group.ranks}};
  if (refilling) out["refilling_window"] = buffer.window_before();
  if (done > 0) {
    out["policy_loss"] = policy_weight > 0 ? policy / policy_weight : 0.0;
    out["value_loss"] = value / done;
    out["aux_loss"] = aux / done;
    out["grad_norm"] = grad / done;
    out["samples_per_s"] = done * batch_size / std::max(1e-9, seconds_since(start));
  }
  return out;
}

// The commit point of training: the checkpoint of `iteration`, holding the
// trainer and the run's bookkeeping (run_record) with the iteration's
// metrics so far. The network file and the pruning follow; a resumed run
// redoes them from the checkpoint.
void commit_training(Run& run, const Trainer& trainer, int iteration, int64_t trained_samples,
                     IterationRecord record) {
  run.state.iterations = iteration;
  run.state.trained_samples = trained_samples;
  run.pending = std::move(record);
  trainer.save_checkpoint(run.folder.checkpoint_path(iteration), run_record(run, iteration).dump());
  fault_point("after_checkpoint");
  trainer.network().save(run.folder.network_path(iteration));
  fault_point("after_network");
  run.folder.prune_checkpoints(run.config.iteration.keep_checkpoints);
  fault_point("after_training");
}

// 3. Evaluation of the network of `iteration`; null when stopped.
nlohmann::json evaluation_phase(Run& run, int iteration) {
  set_compute_threads(1);  // evaluation games run one per thread
  EvaluationInput input;
  input.game = run.game;
  input.folder = &run.folder;
  input.config = &run.config.evaluation;
  input.search = run.config.selfplay.search;
  input.inference = run.inference;
  input.seed = run.config.seed;
  input.iteration = iteration;
  for (auto it = run.metrics.rbegin(); it != run.metrics.rend(); ++it) {
    if (const std::optional<double> elo = it->cumulative_elo()) {
      input.previous_cumulative_elo = *elo;
      break;
    }
  }
  input.stop = run.stop;
  input.label = run.label(iteration);
  input.quiet = run.options.quiet;
  return evaluate_iteration(input);
}

// 4. The iteration's record: metrics.jsonl, the learning curve, run_state.json.
void record_iteration(Run& run, int iteration, IterationRecord record) {
  record.iteration = iteration;
  record.time = utc_now();
  record.elapsed_minutes = run.active_seconds() / 60;
  record.network = fs::relative(run.folder.network_path(iteration), run.folder.root()).string();
  // metrics.jsonl is the commit point of the evaluation: a run whose newest
  // record is older than its newest checkpoint evaluates that network again.
  run.folder.append_metrics(record);
  fault_point("after_metrics");
  run.metrics.push_back(record);
  run.state.evaluated = iteration;
  run.state.active_seconds = run.active_seconds();
  run.folder.write_state(run.state);
  fault_point("after_state");
  std::vector<nlohmann::json> lines;
  for (const IterationRecord& r : run.metrics) lines.push_back(r.to_json());
  const std::string problem = write_learning_curve(run.folder.root(), lines);
  static bool warned = false;
  if (!problem.empty() && !warned && run.metrics.size() > 1) {
    std::cerr << "note: learning curve not drawn: " << problem << "\n";
    warned = true;
  }
}

// One summary line per iteration on stdout.
void print_summary(const Run& run, const IterationRecord& record) {
  std::string line =
      fmt::format("it {:>3} {:>7}", record.iteration, format_duration(record.elapsed_minutes * 60));
  const nlohmann::json r = record.to_json();
  if (r.contains("/selfplay/games_per_s"_json_pointer)) {
    const auto& s = r["selfplay"];
    line += fmt::format(" | self-play {} games {:.2f}/s {:.0f} pos/s", s["games"].get<int64_t>(),
                        s["games_per_s"].get<double>(), s["decisions_per_s"].get<double>());
  }
  if (r.contains("/train/policy_loss"_json_pointer)) {
    const auto& t = r["train"];
    line += fmt::format(" | {} steps loss p {:.3f} v {:.3f}", t["steps"].get<int64_t>(),
                        t["policy_loss"].get<double>(), t["value_loss"].get<double>());
  }
  if (r.contains("eval") && !r["eval"].empty()) {
    line += " |";
    for (const auto& [key, m] : r["eval"].items()) {
      line += fmt::format(" {} {:.2f}", key == "occasional" ? m["player"].get<std::string>() : key,
                          m["score"].get<double>());
    }
  }
  // The Elo chain exists only when networks play their predecessor.
  if (r.contains("/elo/cumulative"_json_pointer) && r.contains("/eval/previous"_json_pointer)) {
    line += fmt::format(" | Elo {:+.0f}", r["elo"]["cumulative"].get<double>());
  }
  // Against the board's exact solution (evaluation.solution): the shares of
  // contested positions where the raw policy / the search is not optimal.
  if (r.contains("/solution/policy_error"_json_pointer)) {
    const auto& s = r["solution"];
    line += fmt::format(" | not optimal: policy {:.1f} %", 100 * s["policy_error"].get<double>());
    if (s["search_error"].is_number())
      line += fmt::format(" search {:.1f} %", 100 * s["search_error"].get<double>());
    line += fmt::format(", value error {:.3f}", s["value_error"].get<double>());
  }
  (void)run;
  std::cout << line << std::endl;
}

// Whether the budget allows another iteration of about `expected_seconds`.
bool budget_left(const Run& run, double expected_seconds) {
  const BudgetConfig& b = run.config.budget;
  if (b.iterations > 0 && run.state.iterations >= b.iterations) return false;
  if (b.minutes > 0 && run.active_seconds() + expected_seconds > b.minutes * 60) return false;
  return true;
}

// Rank 0's last plan: the followers end. They read it at once when the run
// ends between phases; after a failure inside a phase they are failing
// themselves, so rank 0 waits only briefly for them.
void end_launch(Run& run, const std::string& why) {
  if (run.ranks) run.ranks->end_launch(why);
}

// The session of rank 0 (or the only rank) once its config is prepared.
int lead_session(Run& run, bool resuming, const std::atomic<bool>& stop);

RunResult lead_run(const RunOptions& options, const std::atomic<bool>& stop) {
  if (options.out.empty()) throw GameError("no run folder given (--out)");
  Run run(options);
  run.stop = &stop;
  // A start refused before the run exists (a bad config) leaves no folder
  // or run.lock behind: what this session created is removed again.
  std::error_code ec;
  const bool folder_existed = fs::exists(options.out, ec);
  const auto lock = run.folder.lock();
  const bool resuming = run.folder.has_run();
  try {
    if (!resuming) {  // every check of --check before the folder gets a config
      std::ostringstream ignored;
      check_run_config(options, ignored);
    }
    run.config = prepare_config(options, run.folder);
    run.config.budget = budget_with_overrides(options, run.config.budget);
  } catch (...) {
    if (!run.folder.has_run()) {
      fs::remove(fs::path(options.out) / "run.lock", ec);
      if (!folder_existed) fs::remove_all(options.out, ec);
    }
    throw;
  }
  run.folder.create();
  if (options.group.ranks > 1) run.ranks = std::make_unique<RankLeader>(options.group);
  RunResult result;
  try {
    if (run.config.trainer.batch_size < options.group.ranks) {
      throw GameError(fmt::format("trainer.batch_size {} is smaller than --ranks {}",
                                  run.config.trainer.batch_size, options.group.ranks));
    }
    result.iterations = lead_session(run, resuming, stop);
  } catch (const std::exception& e) {
    end_launch(run, std::string("failed: ") + e.what());
    // After the followers read the end (or 2 s): they never remove it.
    if (run.ranks) run.ranks->forget_rendezvous();
    throw;
  }
  result.stopped = run.stopped();
  end_launch(run, result.stopped ? "stopped" : "finished");
  return result;
}

int lead_session(Run& run, bool resuming, const std::atomic<bool>& stop) {
  run.folder.remove_stale_temporaries();
  run.game = run.config.game.load();
  run.encoder = make_encoder(*run.game);
  run.shape.input_size = run.encoder->shape().size();
  run.shape.num_actions = run.game->num_actions();
  run.inference = inference_options(run.config.selfplay.precision, run.config.selfplay.device);
  // run_state.json is a summary: every count in it is derived again from
  // the files it describes (checkpoint, metrics.jsonl), each written
  // atomically with what it counts, so a kill between them loses nothing.
  run.state = run.folder.read_state();
  run.continued = run.folder.read_continued();
  run.metrics = run.folder.read_metrics();
  run.state.evaluated = -1;
  for (const IterationRecord& r : run.metrics) {
    run.state.evaluated = std::max(run.state.evaluated, r.iteration);
    run.state.active_seconds = std::max(run.state.active_seconds, r.elapsed_minutes * 60);
  }

  std::unique_ptr<Trainer> trainer = open_trainer(run);
  if (run.ranks) trainer->set_gradient_sync(run.ranks->sync());
  run.active_at_start = run.state.active_seconds;
  run.session_start = Clock::now();
  ReplayBuffer buffer(run.game, run.encoder, run.config.replay);
  buffer.set_samples_before(run.continued.trained_samples);
  run.arrivals = std::make_unique<ShardArrivals>(run.folder.shard_index_path());
  buffer.set_newest_generation(run.state.iterations);
  buffer.load_new_shards(run.folder.shard_dir(), run.arrivals.get());
  std::cout
      << fmt::format(
             "{} run {} ({} {}, seed {}) at iteration {}, {} games / {} samples so far, {} of run "
             "time\n",
             resuming ? "resuming" : "starting", run.folder.root(), run.game->name(),
             run.game->options().label(), run.config.seed, run.state.iterations,
             run.games_seen(buffer), run.samples_seen(buffer),
             format_duration(run.state.active_seconds))
      << (run.continued.entry.empty() ? std::string()
                                      : fmt::format("continued from zoo entry {} at iteration {}\n",
                                                    run.continued.entry, run.continued.iteration))
      << inference_line(run.config.selfplay.precision, run.config.selfplay.device)
      << "training: " << trainer->precision() << " (trainer.precision "
      << run.config.trainer.precision << ")\n"
      << "training " << device_line(trainer->network().device(), run.config.trainer.device) << "\n"
      << std::flush;

  // A network not evaluated yet (a crash during evaluation). The random
  // network of iteration 0 is not worth the time: its games are the longest.
  if (run.state.iterations == 0 && run.state.evaluated < 0) {
    record_iteration(run, 0, IterationRecord());
  } else if (run.state.evaluated < run.state.iterations) {
    const auto start = Clock::now();
    nlohmann::json eval = evaluation_phase(run, run.state.iterations);
    if (eval.is_null()) return 0;
    IterationRecord record = run.pending;  // self-play, training, replay
    record.evaluation = std::move(eval);
    record.iteration_seconds += seconds_since(start);
    record_iteration(run, run.state.iterations, record);
    print_summary(run, run.metrics.back());
  }

  int finished = 0;
  while (!stop.load()) {
    double expected = 0;
    if (!run.metrics.empty()) expected = run.metrics.back().iteration_seconds;
    if (!budget_left(run, expected)) {
      std::cout << fmt::format("budget spent: {} iterations, {} of run time\n",
                               run.state.iterations, format_duration(run.active_seconds()));
      break;
    }
    const int iteration = run.state.iterations + 1;
    const auto start = Clock::now();
    IterationRecord record;
    record.selfplay = run.config.iteration.games > 0 ? selfplay_phase(run, buffer, iteration)
                                                     : wait_for_workers(run, buffer, iteration);
    if (stop.load()) break;
    if (record.selfplay.is_null()) {  // the time ran out waiting for workers
      std::cout << fmt::format("budget spent waiting for workers: {} iterations, {} of run time\n",
                               run.state.iterations, format_duration(run.active_seconds()));
      break;
    }
    fault_point("after_selfplay");
    int64_t trained_samples = 0;
    record.train = training_phase(run, *trainer, buffer, iteration, budget_progress(run, iteration),
                                  &trained_samples);
    if (record.train.is_null()) break;
    record.replay = {{"total_games", run.games_seen(buffer)},
                     {"total_samples", run.samples_seen(buffer)},
                     {"window_games", buffer.window_games()},
                     {"window_samples", buffer.window_samples()},
                     {"stale_games", buffer.stale_games()}};
    record.iteration_seconds = seconds_since(start);
    commit_training(run, *trainer, iteration, trained_samples, record);
    nlohmann::json eval = evaluation_phase(run, iteration);
    if (eval.is_null()) break;
    record.evaluation = std::move(eval);
    record.iteration_seconds = seconds_since(start);
    record_iteration(run, iteration, record);
    print_summary(run, run.metrics.back());
    ++finished;
  }
  run.state.active_seconds = run.active_seconds();
  run.folder.write_state(run.state);
  if (run.stopped()) {
    std::cout << "stopped; run the same command again to resume from iteration "
              << run.state.iterations << "\n";
  }
  return finished;
}

}  // namespace

RunResult run_training(const RunOptions& options, const std::atomic<bool>& stop) {
  check_rank_options(options.group);
  try {
    return options.group.rank > 0 ? follow_run(options, stop) : lead_run(options, stop);
  } catch (const GameError&) {
    throw;
  } catch (const std::runtime_error& e) {
    if (options.group.ranks == 1) throw;
    // The gloo errors name their rank already; the others get it here.
    const std::string what = e.what();
    const std::string who =
        what.rfind("rank ", 0) == 0
            ? ""
            : fmt::format("rank {} of {}: ", options.group.rank, options.group.ranks);
    throw std::runtime_error(who + what +
                             "; start every rank again with the same command to resume from the "
                             "run's newest checkpoint");
  }
}

}  // namespace inchzero
