#include "selfplay/selfplay_stats.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace inchzero {

void SelfPlayStats::add_game(const GameRecord& record) {
  ++games;
  plies += record.plies;
  if (!record.start_position.empty()) ++exploit_games;
  if (record.winner == 0 || record.winner == 1) {
    ++wins[record.winner];
  } else {
    ++draws;
  }
  ++end_reasons[to_string(record.end_reason)];
  if (!record.resign_enabled) ++resign_disabled_games;
  if (record.would_resign_player != kNoPlayer) {
    ++would_resign_games;
    if (record.winner != 1 - record.would_resign_player) ++false_resignations;
  }
}

void SelfPlayStats::add_batch(int size) {
  ++batches;
  if (static_cast<int>(batch_sizes.size()) <= size) batch_sizes.resize(size + 1, 0);
  ++batch_sizes[size];
}

void SelfPlayStats::merge(const SelfPlayStats& o) {
  worker_seconds += o.worker_seconds;
  network_seconds += o.network_seconds;
  encode_seconds += o.encode_seconds;
  workers += o.workers;
  decisions += o.decisions;
  forced += o.forced;
  full_searches += o.full_searches;
  simulations += o.simulations;
  terminal_leaves += o.terminal_leaves;
  cache_hits += o.cache_hits;
  evaluations += o.evaluations;
  batches += o.batches;
  if (batch_sizes.size() < o.batch_sizes.size()) batch_sizes.resize(o.batch_sizes.size(), 0);
  for (size_t i = 0; i < o.batch_sizes.size(); ++i) batch_sizes[i] += o.batch_sizes[i];
  games += o.games;
  exploit_games += o.exploit_games;
  plies += o.plies;
  wins[0] += o.wins[0];
  wins[1] += o.wins[1];
  draws += o.draws;
  for (const auto& [reason, n] : o.end_reasons) end_reasons[reason] += n;
  resign_disabled_games += o.resign_disabled_games;
  would_resign_games += o.would_resign_games;
  false_resignations += o.false_resignations;
}

double SelfPlayStats::cache_hit_rate() const {
  const int64_t lookups = cache_hits + evaluations;
  return lookups ? double(cache_hits) / lookups : 0;
}

nlohmann::json SelfPlayStats::to_json() const {
  const auto per_second = [this](double n) { return wall_seconds > 0 ? n / wall_seconds : 0.0; };
  nlohmann::json histogram = nlohmann::json::object();
  for (size_t n = 0; n < batch_sizes.size(); ++n) {
    if (batch_sizes[n]) histogram[std::to_string(n)] = batch_sizes[n];
  }
  return {
      {"wall_seconds", wall_seconds},
      {"worker_seconds", worker_seconds},
      {"network_seconds", network_seconds},
      {"encode_seconds", encode_seconds},
      {"workers", workers},
      {"games", games},
      {"games_per_s", per_second(games)},
      {"decisions", decisions},
      {"decisions_per_s", per_second(decisions)},
      {"forced_decisions", forced},
      {"full_searches", full_searches},
      {"simulations", simulations},
      {"simulations_per_s", per_second(simulations)},
      {"terminal_leaves", terminal_leaves},
      {"evaluations", evaluations},
      {"evaluations_per_s", per_second(evaluations)},
      {"cache_hits", cache_hits},
      {"cache_hit_rate", cache_hit_rate()},
      {"batches", batches},
      {"mean_batch", mean_batch()},
      {"batch_histogram", histogram},
      {"network_share", network_share()},
      {"mean_game_plies", games ? double(plies) / games : 0},
      {"wins", {wins[0], wins[1]}},
      {"draws", draws},
      {"exploit_games", exploit_games},
      {"end_reasons", end_reasons},
      {"resign_disabled_games", resign_disabled_games},
      {"would_resign_games", would_resign_games},
      {"false_resignations", false_resignations},
      {"false_resignation_rate",
       would_resign_games ? double(false_resignations) / would_resign_games : 0.0},
  };
}

}  // namespace inchzero
