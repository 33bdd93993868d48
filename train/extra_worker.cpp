#include "train/extra_worker.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <thread>

#include "core/fnv.h"
#include "core/game.h"
#include "core/progress.h"
#include "core/rules_fingerprint.h"
#include "core/seed.h"
#include "model/backend.h"
#include "model/compute_threads.h"
#include "model/encoder.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/shard.h"
#include "selfplay/start_positions.h"
#include "selfplay/teacher_games.h"
#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/run_inference.h"
#include "train/worker_id.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr uint64_t kWorkerStream = 0x657874;  // "ext": derive_seed stream of workers

// FNV-1a: the worker id as a seed input (std::hash is not the same everywhere).
uint64_t fnv1a(const std::string& text) {
  Fnv fnv;
  fnv.bytes(text.data(), text.size());
  return fnv.get();
}

// Sleep up to `seconds`, waking early when `stop` turns true.
void nap(double seconds, const std::atomic<bool>& stop) {
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  while (!stop.load() && Clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

class Worker {
 public:
  Worker(const WorkerOptions& options, const std::atomic<bool>& stop)
      : options_(options), stop_(stop), folder_(options.run) {}

  int64_t run();

 private:
  // Run `step` until it succeeds, retrying with backoff (1 s doubling to
  // 30 s) while the run folder is unavailable. Returns false when stopped.
  template <class F>
  bool with_retries(const std::string& what, F&& step);
  int newest_network() const;
  int first_free_number() const;
  std::string shard_path(int number) const {
    return (fs::path(folder_.shard_dir()) / fmt::format("{}-{:06d}.shard", prefix_, number))
        .string();
  }
  std::string publish(const std::vector<GameRecord>& games);
  // The seed of the next round's games: the run seed, this worker's id and
  // the number of its next shard, so the same id replays the same shards.
  uint64_t round_seed(uint64_t run_seed) const {
    return derive_seed(run_seed, {kWorkerStream, fnv1a(id_), static_cast<uint64_t>(next_number_)});
  }
  // Publish `played` as shards of `per_shard` games, retrying while the
  // folder is away; adds the games published to `written`. Returns false
  // when stopped.
  bool publish_all(const std::vector<GameRecord>& played, int64_t per_shard,
                   const std::string& played_by, int64_t& written);
  // The teacher's rounds (WorkerOptions::teacher) instead of the network's.
  int64_t run_teacher(const RunConfig& config, const Game& game, const PlayerFactory& teacher,
                      uint64_t rules_fingerprint);

  WorkerOptions options_;
  const std::atomic<bool>& stop_;
  RunFolder folder_;
  std::string id_, prefix_;
  int next_number_ = 0;
};

template <class F>
bool Worker::with_retries(const std::string& what, F&& step) {
  const auto first_failure = Clock::now();
  double wait = 1;
  for (int attempt = 1;; ++attempt) {
    try {
      step();
      if (attempt > 1) {
        std::cerr << fmt::format(
            "worker {}: run folder {} is back ({} after {:.0f} s)\n", id_, folder_.root(), what,
            std::chrono::duration<double>(Clock::now() - first_failure).count());
      }
      return true;
    } catch (const std::exception& e) {
      const double down = std::chrono::duration<double>(Clock::now() - first_failure).count();
      if (down + wait > options_.retry_minutes * 60) {
        throw std::runtime_error(
            fmt::format("worker {}: cannot {} for {:.0f} s, giving up (--retry-minutes {}): {}",
                        id_, what, down, options_.retry_minutes, e.what()));
      }
      std::cerr << fmt::format(
          "worker {}: cannot {}: {}; run folder {} unavailable? retrying in {:.0f} s "
          "(attempt {}, giving up after {} min)\n",
          id_, what, e.what(), folder_.root(), wait, attempt, options_.retry_minutes);
      nap(wait, stop_);
      if (stop_.load()) return false;
      wait = std::min(30.0, wait * 2);
    }
  }
}

// The newest network, -1 when the run has none yet; throws when the folder
// cannot be read (rather than taking an unreadable folder for an empty one).
int Worker::newest_network() const {
  std::error_code ec;
  if (!fs::is_directory(folder_.network_dir(), ec)) {
    throw std::runtime_error("'" + folder_.network_dir() + "' is not readable" +
                             (ec ? ": " + ec.message() : std::string()));
  }
  return folder_.latest_network();
}

// One past the highest number of this worker's shards: a hint only (a name
// is never reused because publishing never replaces a file).
int Worker::first_free_number() const {
  const std::regex pattern(prefix_ + R"(-([0-9]{6})\.shard)");
  int next = 0;
  for (const auto& entry : fs::directory_iterator(folder_.shard_dir())) {
    std::smatch m;
    const std::string name = entry.path().filename().string();
    if (std::regex_match(name, m, pattern)) next = std::max(next, std::stoi(m[1].str()) + 1);
  }
  return next;
}

std::string Worker::publish(const std::vector<GameRecord>& games) {
  ShardFileWriter writer(shard_path(next_number_));
  for (const GameRecord& g : games) writer.add(g);
  writer.finish([this] { return shard_path(++next_number_); });
  ++next_number_;
  return writer.path();
}

int64_t Worker::run() {
  if (!folder_.has_run()) {
    throw GameError("no training run in '" + options_.run + "' (no config.yaml there)");
  }
  const RunConfig config = RunConfig::load(folder_.config_path());
  const WorkerIdChoice choice = choose_worker_id(options_.worker_id, [](const char* name) {
    return static_cast<const char*>(std::getenv(name));
  });
  id_ = choice.id;
  prefix_ = "ext-" + id_;
  const auto lock = folder_.worker_lock(id_);
  const int stale = folder_.remove_worker_temporaries(id_);
  next_number_ = first_free_number();
  auto game = config.game.load();
  const InferenceOptions inference =
      inference_options(config.selfplay.precision, config.selfplay.device);
  // A teacher is built before anything is printed: a bad spec is bad input.
  const std::unique_ptr<PlayerFactory> teacher =
      options_.teacher.empty()
          ? nullptr
          : make_player_factory(options_.teacher, game, config.selfplay.search, inference);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  BackendShape shape{encoder->shape().size(), game->num_actions()};
  // Once, not per round: it plays two dozen games of the rules.
  const uint64_t rules_fingerprint = behaviour_fingerprint(*game);
  std::cout << fmt::format(
                   "joining run {} as self-play worker {} (id from {}); shards {}-NNNNNN.shard "
                   "from number {}; game seeds derive from the run seed {}, the id and the "
                   "shard number{}\n",
                   folder_.root(), id_, choice.source, prefix_, next_number_, config.seed,
                   stale > 0 ? fmt::format("; removed {} temporaries of its last run", stale) : "")
            << inference_line(config.selfplay.precision, config.selfplay.device) << std::flush;
  set_compute_threads(1);
  if (!options_.teacher.empty()) {
    std::cout << fmt::format(
                     "teacher {} plays itself instead of the network ({} random opening moves a "
                     "game): its decisions are the policy targets\n",
                     options_.teacher, options_.teacher_opening_plies)
              << std::flush;
    return run_teacher(config, *game, *teacher, rules_fingerprint);
  }

  int64_t written = 0;
  int loaded_network = -1;
  std::shared_ptr<InferenceBackend> backend;
  // With selfplay.exploit_share a worker, which has no replay buffer, draws
  // the start positions of a round from its last round's games.
  std::vector<GameRecord> last_round;
  while (!stop_.load() && (options_.games < 0 || written < options_.games)) {
    int network = -1;
    if (!with_retries("look for the newest network", [&] { network = newest_network(); })) break;
    if (network < 0) {  // the run has not written its first network yet
      nap(2, stop_);
      continue;
    }
    if (network != loaded_network) {
      if (!with_retries("load net-" + std::to_string(network), [&] {
            backend = make_backend("torch:" + folder_.network_path(network), shape, game->name(),
                                   inference);
          })) {
        break;
      }
      loaded_network = network;
    }
    const std::string network_name = fmt::format("net-{:06d}", network);
    // Progressive visits as the run plays them: the budget progress of the
    // iteration after the network's, at the run time the run last committed.
    double run_seconds = 0;
    if (config.selfplay.full_visits_initial > 0 && !with_retries("read the run state", [&] {
          run_seconds = folder_.read_state().active_seconds;
        })) {
      break;
    }
    const SelfPlayConfig selfplay =
        config.selfplay.at_progress(config.budget.progress(run_seconds, network + 1));
    SelfPlayRunner runner(
        game, encoder, [backend](int) { return backend; }, selfplay, round_seed(config.seed),
        network_name, rules_fingerprint);
    if (config.selfplay.exploit_share > 0) {
      std::vector<const GameRecord*> records;
      for (const GameRecord& r : last_round) records.push_back(&r);
      std::mt19937_64 rng(derive_seed(round_seed(config.seed), {kStartPositionStream}));
      runner.set_start_positions(
          draw_start_positions(*game, records, static_cast<int>(last_round.size()), rng));
    }
    // Enough games to fill every network batch (selfplay.workers threads of
    // games_per_worker games), published as shards of games_per_shard.
    const int64_t per_shard = config.iteration.games_per_shard;
    int64_t games = std::max(per_shard, static_cast<int64_t>(config.selfplay.workers) *
                                            config.selfplay.games_per_worker);
    if (options_.games >= 0) games = std::min(games, options_.games - written);
    ProgressBar bar(fmt::format("{} {}", id_, network_name), games, !options_.quiet);
    std::vector<GameRecord> played;
    runner.play(games, &stop_, [&](GameRecord&& record) {
      record.worker = id_;
      played.push_back(std::move(record));
      bar.update(static_cast<int64_t>(played.size()), "games");
    });
    bar.finish("games");
    if (!publish_all(played, per_shard, network_name, written)) break;
    last_round = std::move(played);
  }
  return written;
}

bool Worker::publish_all(const std::vector<GameRecord>& played, int64_t per_shard,
                         const std::string& played_by, int64_t& written) {
  // The games stay in memory until a shard holds them, however long the
  // folder is away (within --retry-minutes); Ctrl-C meanwhile drops them.
  for (size_t first = 0; first < played.size(); first += per_shard) {
    const std::vector<GameRecord> shard(
        played.begin() + static_cast<std::ptrdiff_t>(first),
        played.begin() + static_cast<std::ptrdiff_t>(
                             std::min(played.size(), first + static_cast<size_t>(per_shard))));
    std::string path;
    if (!with_retries("write a shard", [&] { path = publish(shard); })) return false;
    written += static_cast<int64_t>(shard.size());
    std::cout << fmt::format("published {}: {} games by {}\n", fs::path(path).filename().string(),
                             shard.size(), played_by)
              << std::flush;
  }
  return true;
}

int64_t Worker::run_teacher(const RunConfig& config, const Game& game, const PlayerFactory& teacher,
                            uint64_t rules_fingerprint) {
  const std::string label = teacher_label(teacher.describe());
  int64_t written = 0;
  while (!stop_.load() && (options_.games < 0 || written < options_.games)) {
    // One shard's games a round, selfplay.workers at once.
    const int64_t per_shard = config.iteration.games_per_shard;
    TeacherGamesOptions round;
    round.games = options_.games >= 0 ? std::min(per_shard, options_.games - written) : per_shard;
    round.threads = config.selfplay.workers;
    round.opening_plies = options_.teacher_opening_plies;
    round.first_index = written;
    round.seed = round_seed(config.seed);
    ProgressBar bar(fmt::format("{} {}", id_, label), round.games, !options_.quiet);
    std::vector<GameRecord> played;
    play_teacher_games(game, teacher, teacher.describe(), round, rules_fingerprint, &stop_,
                       [&](GameRecord&& record) {
                         record.worker = id_;
                         played.push_back(std::move(record));
                         bar.update(static_cast<int64_t>(played.size()), "games");
                       });
    bar.finish("games");
    // In index order: the shard's bytes do not depend on which game finished first.
    std::sort(played.begin(), played.end(),
              [](const GameRecord& a, const GameRecord& b) { return a.game_index < b.game_index; });
    if (!publish_all(played, per_shard, label, written)) break;
  }
  return written;
}

}  // namespace

int64_t run_selfplay_worker(const WorkerOptions& options, const std::atomic<bool>& stop) {
  return Worker(options, stop).run();
}

}  // namespace inchzero
