// `inchzero bench selfplay`: self-play throughput and where its time goes,
// against the network's standalone throughput at the same batch size measured
// in the same run (so the ratio, not the absolute figure, is what to read).
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>

#include "core/game.h"
#include "model/encoder.h"
#include "model/nn_bench.h"
#include "selfplay/selfplay_config.h"
#include "selfplay/selfplay_stats.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero {

struct SelfPlayBenchOptions {
  SelfPlayConfig config;  // workers, games per worker, visits, ...
  double seconds = 20;    // self-play time, at least until a game finishes (games in progress
                          // at the end are dropped)
  double standalone_seconds = 3;  // network-only timing afterwards
  uint64_t seed = 1;
  double flops_per_position = 0;  // the network's (NetworkConfig::flops_per_position); 0 = unknown
  Precision precision = Precision::kFp32;  // what the network computes in (for the matching peak)
};

struct SelfPlayBenchResult {
  SelfPlayStats stats;
  int standalone_batch = 0;             // games_per_worker (self-play's full batch)
  double standalone_evals_per_s = 0;    // `workers` threads calling evaluate() only
  double in_network_evals_per_s = 0;    // self-play evaluations per second spent in evaluate()
  std::string load_before, load_after;  // /proc/loadavg
  PeakReference reference;  // the CPU's peaks on workers × compute threads, measured first
  // in-network rate / standalone rate: how much of its standalone speed the
  // network keeps inside self-play (target >= 0.8).
  double network_ratio() const;
  // Self-play evaluations per wall second / standalone rate.
  double overall_ratio() const;
  nlohmann::json to_json() const;
};

// Time the backends alone (one thread per worker, batch = games_per_worker)
// for half of standalone_seconds, run self-play for options.seconds, then
// the backends alone again; the standalone rate is the mean of both halves.
// `log` gets progress lines.
SelfPlayBenchResult run_selfplay_bench(std::shared_ptr<const Game> game,
                                       std::shared_ptr<const Encoder> encoder,
                                       const BackendFactory& backends,
                                       const SelfPlayBenchOptions& options, std::ostream& log);

// The human-readable report.
void print_selfplay_bench(const SelfPlayBenchOptions& options, const SelfPlayBenchResult& result,
                          std::ostream& out);

}  // namespace inchzero
