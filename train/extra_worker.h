// `inchzero selfplay --run FOLDER`: an extra self-play worker for a training
// run, in another process or on another host sharing the folder
// (docs/running.md, docs/cluster.md).
//
// It plays with the newest network of the folder, checking for a newer one
// before every round of games (enough to fill its network batches:
// selfplay.workers × games_per_worker, at least iteration.games_per_shard),
// and publishes them as shards/ext-<id>-NNNNNN.shard of games_per_shard
// games, without ever replacing a file. Its id (worker_id.h) is held by a lock for as long
// as it runs, so two live workers never share one. When the run folder is
// unavailable (a network mount gone for a while) it retries with backoff,
// saying so on stderr, keeping the games it has played in memory, and gives
// up after `retry_minutes`. With a teacher it plays no network: the
// teacher's games, published the same way, are data the run learns from.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace inchzero {

struct WorkerOptions {
  std::string run;            // the run folder to join
  int64_t games = -1;         // stop after this many games (< 0: until stopped)
  bool quiet = false;         // no progress bars
  std::string worker_id;      // empty: from Slurm / Kubernetes / host-pid-random
  double retry_minutes = 10;  // how long the run folder may stay unavailable
  // A player spec ("ab:2", "uct:1000"): instead of the run's newest network,
  // this teacher plays itself and its decisions are the policy targets
  // (selfplay/teacher_games.h); empty: the network.
  std::string teacher;
  int teacher_opening_plies = 4;  // random full moves opening each teacher game
};

// Run the worker until `stop`, `games` or a failure that outlasts the
// retries. Returns the number of games published. Throws GameError for bad
// input (no run in the folder, a bad or busy worker id) and
// std::runtime_error when the folder stayed unavailable.
int64_t run_selfplay_worker(const WorkerOptions& options, const std::atomic<bool>& stop);

}  // namespace inchzero
