// Batched self-play (in the spirit of KataGo's many game threads and minigo's
// concurrent_games_per_thread): each worker thread plays MANY games at once;
// every game contributes one leaf to the worker's batch, and the whole batch
// is ONE backend call on ONE contiguous input buffer. Nothing in the hot path
// waits on a lock: workers share only the evaluation cache (striped locks held
// for a pointer copy), an atomic game counter, and the finished-game callback
// (called once per game).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/eval_cache.h"
#include "selfplay/game_record.h"
#include "selfplay/selfplay_config.h"
#include "selfplay/selfplay_stats.h"

namespace inchzero {

// The backend of worker number `worker` (0-based). May return the same
// (thread-safe) backend for every worker.
using BackendFactory = std::function<std::shared_ptr<InferenceBackend>(int worker)>;
// Receives each finished game. Called from worker threads, one call at a time,
// in game index order (a game that finishes before an earlier one waits for it).
using GameCallback = std::function<void(GameRecord&& record)>;

class SelfPlayRunner {
 public:
  // `network` names the network in the records (empty: the backend's describe()).
  // Game i of the run uses the seed derive_seed(seed, {i}); evaluation
  // symmetries follow `seed` too, so a deterministic backend replays every
  // game exactly, whatever the number of workers. Every record carries the
  // rules' behaviour fingerprint (core/rules_fingerprint.h): `rules_fingerprint`
  // when given (a caller that makes a runner per round computes it once), else
  // computed here.
  SelfPlayRunner(std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
                 BackendFactory backends, SelfPlayConfig config, uint64_t seed,
                 std::string network = "", uint64_t rules_fingerprint = 0);

  // Play `n_games` games (< 0: until *stop) with config.workers threads of
  // config.games_per_worker games each, handing each finished game to
  // `on_game` in index order. Returns when every game is done or *stop turns
  // true (games in progress are then dropped, and the finished games after
  // them are handed on in index order before play() returns). Game indices
  // continue across calls. Rethrows the first exception of a worker (after
  // stopping the others; finished games still waiting are then dropped).
  SelfPlayStats play(int64_t n_games, const std::atomic<bool>* stop, const GameCallback& on_game);

  // Positions a share of the following play() calls' games start from
  // (selfplay.exploit_share, selfplay/start_positions.h): which game starts
  // where follows from its seed alone. Empty (the default): every game from
  // the initial position.
  void set_start_positions(std::vector<std::string> positions) {
    start_positions_ = std::move(positions);
  }

  // The evaluation cache shared by all workers, kept across play() calls.
  // Clear it when the network changes.
  EvalCache& cache() { return *cache_; }
  const SelfPlayConfig& config() const { return config_; }

 private:
  std::shared_ptr<const Game> game_;
  std::shared_ptr<const Encoder> encoder_;
  BackendFactory backends_;
  SelfPlayConfig config_;
  uint64_t seed_;
  std::string network_;
  std::unique_ptr<EvalCache> cache_;
  uint64_t rules_fingerprint_;  // behaviour_fingerprint(*game_)
  int64_t next_game_index_ = 0;
  std::vector<std::string> start_positions_;
};

}  // namespace inchzero
