// Counters of a self-play run (or one worker of it), for logs, the
// `bench selfplay` report and the run loop's progress lines.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "selfplay/game_record.h"

namespace inchzero {

struct SelfPlayStats {
  // Time.
  double wall_seconds = 0;     // of the whole run (set by the runner)
  double worker_seconds = 0;   // summed over worker threads
  double network_seconds = 0;  // inside InferenceBackend::evaluate, summed over workers
  double encode_seconds = 0;   // encoding inputs and decoding outputs, summed over workers
  int workers = 0;

  // Search.
  int64_t decisions = 0;      // decisions played (forced ones included)
  int64_t forced = 0;         // decisions with a single legal action (no search)
  int64_t full_searches = 0;  // decisions recorded as policy targets
  int64_t simulations = 0;
  int64_t terminal_leaves = 0;
  int64_t cache_hits = 0;
  int64_t evaluations = 0;  // positions sent to the network
  int64_t batches = 0;
  std::vector<int64_t> batch_sizes;  // batch_sizes[n] = batches of n positions

  // Games.
  int64_t games = 0;
  int64_t plies = 0;  // summed over games
  // Games started from a position of an earlier game (selfplay.exploit_share).
  int64_t exploit_games = 0;
  int64_t wins[2] = {0, 0};
  int64_t draws = 0;
  std::map<std::string, int64_t> end_reasons;  // by EndReason's word (the JSON's keys)
  int64_t resign_disabled_games = 0;
  int64_t would_resign_games = 0;  // resignation off, but a player crossed the threshold
  int64_t false_resignations = 0;  // ...and that player did not lose

  void add_game(const GameRecord& record);
  void add_batch(int size);
  void merge(const SelfPlayStats& other);
  // Every counter plus rates: games/s, decisions/s, simulations/s,
  // evaluations/s, mean batch, network share, cache hit rate, mean game length,
  // false resignation rate.
  nlohmann::json to_json() const;
  double mean_batch() const { return batches ? double(evaluations) / batches : 0; }
  double cache_hit_rate() const;
  // Share of worker time spent inside the network.
  double network_share() const { return worker_seconds > 0 ? network_seconds / worker_seconds : 0; }
};

}  // namespace inchzero
