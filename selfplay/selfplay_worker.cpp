#include "selfplay/selfplay_worker.h"

#include <chrono>
#include <map>
#include <vector>

#include "core/rules_fingerprint.h"
#include "core/seed.h"
#include "core/stopwatch.h"
#include "core/thread_pool.h"
#include "selfplay/selfplay_game.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;
// Hands finished games on to the caller's callback, each once every game
// before it has been: a game that finishes early waits for the earlier ones.
// So the callback sees the games in index order whatever the workers' timing,
// and what a caller builds from them (a run's shards, and so its replay window
// and the positions Go-Exploit draws from it) follows from the seed alone.
class InOrderHandOff {
 public:
  // `on_game` may be empty (nothing is kept then); games start at `first_index`.
  InOrderHandOff(const GameCallback& on_game, int64_t first_index)
      : on_game_(on_game), next_index_(first_index) {}

  // Thread-safe; the callback is called one game at a time.
  void add(GameRecord&& record) {
    if (!on_game_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const int64_t index = record.game_index;
    waiting_.emplace(index, std::move(record));
    hand_on(/*past_gaps=*/false);
  }
  // After a stop: the finished games still waiting for a dropped one, in
  // index order.
  void add_the_rest() {
    std::lock_guard<std::mutex> lock(mutex_);
    hand_on(/*past_gaps=*/true);
  }

 private:
  void hand_on(bool past_gaps) {
    while (!waiting_.empty() && (past_gaps || waiting_.begin()->first == next_index_)) {
      auto node = waiting_.extract(waiting_.begin());
      next_index_ = node.key() + 1;
      on_game_(std::move(node.mapped()));
    }
  }

  const GameCallback& on_game_;
  int64_t next_index_;
  std::mutex mutex_;
  std::map<int64_t, GameRecord> waiting_;  // finished, by game index
};

// What the workers of one play() call share.
struct RunShared {
  std::atomic<int64_t> next_index;
  int64_t end_index;  // < 0: no limit
  const std::atomic<bool>* user_stop;
  std::atomic<bool> abort{false};  // a worker failed
  InOrderHandOff* hand_off;
  uint64_t rules_fingerprint;                       // of the game's rules, for every record
  const std::vector<std::string>* start_positions;  // SelfPlayRunner::set_start_positions

  bool stopping() const {
    return abort.load(std::memory_order_relaxed) ||
           (user_stop && user_stop->load(std::memory_order_relaxed));
  }
  // The next game index to play, or -1 when the run has enough games.
  int64_t take_index() {
    if (stopping()) return -1;
    const int64_t i = next_index.fetch_add(1);
    return end_index >= 0 && i >= end_index ? -1 : i;
  }
};

// One worker thread: games_per_worker games, one batch per step.
class Worker {
 public:
  Worker(const Game& game, const Encoder& encoder, InferenceBackend& backend,
         const SelfPlayConfig& config, EvalCache* cache, uint64_t run_seed,
         const std::string& network, RunShared& shared)
      : game_(game), encoder_(encoder), backend_(backend), run_seed_(run_seed), shared_(shared) {
    const int n = config.games_per_worker;
    for (int i = 0; i < n; ++i) {
      games_.push_back(std::make_unique<SelfPlayGame>(game, config, cache, run_seed, network,
                                                      shared.rules_fingerprint));
    }
    input_size_ = encoder.shape().size();
    inputs_.resize(size_t(n) * input_size_);
    logits_.resize(size_t(n) * game.num_actions());
    wdl_.resize(size_t(n) * 3);
    waiting_.reserve(n);
  }

  SelfPlayStats run() {
    const auto start = Clock::now();
    stats_.workers = 1;
    // 1. Every slot starts a game (while the run has games left).
    std::vector<bool> active(games_.size(), false);
    for (size_t i = 0; i < games_.size(); ++i) active[i] = start_next(i);
    for (;;) {
      if (shared_.stopping()) break;
      // 2. Let each game run until it needs the network; collect those leaves.
      waiting_.clear();
      for (size_t i = 0; i < games_.size(); ++i) {
        if (!active[i]) continue;
        while (games_[i]->advance() == SelfPlayGame::Step::kFinished) {
          finish(i);
          if (!(active[i] = start_next(i))) break;
        }
        if (active[i]) waiting_.push_back(i);
      }
      if (waiting_.empty()) break;
      evaluate_waiting();
    }
    // 3. Totals of every game object and tree of this worker.
    for (const auto& g : games_) {
      const SearchCounters& c = g->tree().counters();
      stats_.simulations += c.simulations;
      stats_.terminal_leaves += c.terminal_leaves;
      stats_.cache_hits += c.cache_hits;
      stats_.decisions += g->counters().decisions;
      stats_.forced += g->counters().forced;
      stats_.full_searches += g->counters().full_searches;
    }
    stats_.worker_seconds = seconds_since(start);
    return stats_;
  }

 private:
  bool start_next(size_t slot) {
    const int64_t index = shared_.take_index();
    if (index < 0) return false;
    games_[slot]->start(index, derive_seed(run_seed_, {uint64_t(index)}), shared_.start_positions);
    return true;
  }

  void finish(size_t slot) {
    GameRecord record = games_[slot]->take_record();
    stats_.add_game(record);
    shared_.hand_off->add(std::move(record));
  }

  // Encode the waiting leaves into one buffer, evaluate them in one call, and
  // hand each game its evaluation.
  void evaluate_waiting() {
    const int batch = static_cast<int>(waiting_.size());
    const int num_actions = game_.num_actions();
    auto t0 = Clock::now();
    for (int b = 0; b < batch; ++b) {
      const SearchTree& tree = games_[waiting_[b]]->tree();
      encoder_.encode(tree.leaf_state(), tree.leaf_symmetry(), &inputs_[size_t(b) * input_size_]);
    }
    auto t1 = Clock::now();
    backend_.evaluate(inputs_.data(), batch, logits_.data(), wdl_.data());
    auto t2 = Clock::now();
    for (int b = 0; b < batch; ++b) {
      SelfPlayGame& g = *games_[waiting_[b]];
      const SearchTree& tree = g.tree();
      g.complete(std::make_shared<const Evaluation>(
          decode_evaluation(game_, tree.leaf_legal(), tree.leaf_symmetry(),
                            &logits_[size_t(b) * num_actions], &wdl_[3 * b])));
    }
    auto t3 = Clock::now();
    stats_.network_seconds += std::chrono::duration<double>(t2 - t1).count();
    stats_.encode_seconds += std::chrono::duration<double>((t1 - t0) + (t3 - t2)).count();
    stats_.evaluations += batch;
    stats_.add_batch(batch);
  }

  const Game& game_;
  const Encoder& encoder_;
  InferenceBackend& backend_;
  uint64_t run_seed_;
  RunShared& shared_;
  std::vector<std::unique_ptr<SelfPlayGame>> games_;
  int input_size_ = 0;
  std::vector<float> inputs_, logits_, wdl_;
  std::vector<size_t> waiting_;
  SelfPlayStats stats_;
};

}  // namespace

SelfPlayRunner::SelfPlayRunner(std::shared_ptr<const Game> game,
                               std::shared_ptr<const Encoder> encoder, BackendFactory backends,
                               SelfPlayConfig config, uint64_t seed, std::string network,
                               uint64_t rules_fingerprint)
    : game_(std::move(game)),
      encoder_(std::move(encoder)),
      backends_(std::move(backends)),
      config_(std::move(config)),
      seed_(seed),
      network_(std::move(network)),
      cache_(std::make_unique<EvalCache>(config_.search.cache_entries)),
      rules_fingerprint_(rules_fingerprint ? rules_fingerprint : behaviour_fingerprint(*game_)) {}

SelfPlayStats SelfPlayRunner::play(int64_t n_games, const std::atomic<bool>* stop,
                                   const GameCallback& on_game) {
  const auto start = Clock::now();
  RunShared shared;
  shared.next_index = next_game_index_;
  InOrderHandOff hand_off(on_game, next_game_index_);
  shared.hand_off = &hand_off;
  shared.end_index = n_games < 0 ? -1 : next_game_index_ + n_games;
  shared.user_stop = stop;
  shared.rules_fingerprint = rules_fingerprint_;
  shared.start_positions = &start_positions_;

  // 1. One backend per worker (possibly shared), made on this thread.
  std::vector<std::shared_ptr<InferenceBackend>> backends;
  for (int w = 0; w < config_.workers; ++w) backends.push_back(backends_(w));
  const std::string network = network_.empty() ? backends[0]->describe() : network_;

  // 2. Run the workers; the first failure stops the others and is rethrown.
  std::vector<SelfPlayStats> results(config_.workers);
  run_workers(
      config_.workers,
      [&](int w) {
        Worker worker(*game_, *encoder_, *backends[w], config_, cache_.get(), seed_, network,
                      shared);
        results[w] = worker.run();
      },
      [&] { shared.abort = true; });
  hand_off.add_the_rest();
  // 3. Totals.
  SelfPlayStats total;
  for (const auto& r : results) total.merge(r);
  total.wall_seconds = seconds_since(start);
  next_game_index_ = std::min(shared.next_index.load(),
                              shared.end_index < 0 ? shared.next_index.load() : shared.end_index);
  return total;
}

}  // namespace inchzero
