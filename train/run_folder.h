// The layout of a training run's folder and the bookkeeping that makes a run
// resumable after Ctrl-C or kill -9 (docs/running.md):
//
//   config.yaml            the resolved run config, seed included (written once)
//   run_state.json         iterations finished, active seconds (rewritten atomically)
//   shards/                self-play games: it<iteration>-<NNNNNN>.shard from the run,
//                          ext-<worker id>-<NNNNNN>.shard from extra workers
//   shard_index.jsonl      the trainer's arrival order of the shards (shard_arrivals.h)
//   workers/<id>.lock      held (flock) by the live extra worker of that id
//   checkpoints/ckpt-<iteration>.pt   trainer state (network, optimizer, step, RNG)
//   networks/net-<iteration>.pt       the network of each iteration (for players
//                                     and self-play workers); all are kept
//   evaluations/iter-<iteration>.json match results of each new network
//   selfplay/iter-<iteration>.json    statistics of each finished self-play phase
//   metrics.jsonl          one JSON object per iteration
//   learning_curve.{dat,gp,png}
//   continued_from.json    only in a run continued from a zoo entry (`inchzero
//                          zoo continue`, train/zoo_add.h): what it
//                          started from, whose shards it does not have
//
// Every file is written under a temporary name and renamed, so a reader —
// or the run itself after a crash — sees either the old or the new file.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/folder_lock.h"
#include "train/iteration_record.h"

namespace inchzero {

// What the run has done, rewritten atomically at the end of every iteration
// (run_state.json). A summary only: on start the run derives every count
// again from the file committed with it (the newest checkpoint's run record,
// metrics.jsonl), so a kill between those files and this one loses nothing.
struct RunState {
  int iterations = 0;           // iterations whose network is saved
  int evaluated = -1;           // newest iteration whose evaluation is in metrics.jsonl
  double active_seconds = 0;    // run time over all sessions, counted per iteration
  int64_t trained_samples = 0;  // total self-play samples when training last ran
  nlohmann::json to_json() const;
  static RunState from_json(const nlohmann::json& j);
};

// A run continued from a zoo entry starts at the entry's checkpoint without
// the shards that trained it (continued_from.json). Its counts stay the
// whole run's: the samples and games it starts with are added to what its
// own shards hold, so a continued run, and a continued run continued again,
// records one run with its total training (docs/zoo.md, "Continuing").
struct ContinuedFrom {
  std::string entry;            // the zoo entry's name ("" when not continued)
  int iteration = -1;           // the entry's iteration: this folder's first checkpoint
  int64_t trained_samples = 0;  // the whole run's trained samples at that iteration
  int64_t games = 0;            // the whole run's self-play games at that iteration
  nlohmann::json to_json() const;
  // Throws GameError naming `what` when a field is missing or of a wrong type.
  static ContinuedFrom from_json(const nlohmann::json& j, const std::string& what);
};

class RunFolder {
 public:
  explicit RunFolder(std::string root);

  const std::string& root() const { return root_; }
  std::string config_path() const;
  std::string state_path() const;
  std::string metrics_path() const;
  std::string shard_dir() const;
  std::string network_dir() const;
  std::string checkpoint_dir() const;
  std::string evaluation_dir() const;
  std::string worker_dir() const;
  std::string shard_index_path() const;
  std::string network_path(int iteration) const;
  std::string checkpoint_path(int iteration) const;
  std::string evaluation_path(int iteration) const;
  // The self-play statistics of a finished self-play phase (selfplay/iter-N.json).
  std::string selfplay_stats_path(int iteration) const;
  // Prefix of the shard files self-play writes in `iteration` ("it000003").
  static std::string shard_prefix(int iteration);

  std::string continued_path() const;
  // continued_from.json, or an empty ContinuedFrom (entry "", nothing before)
  // for a run that was not continued. Throws GameError naming the file when
  // it is unreadable.
  ContinuedFrom read_continued() const;

  // Whether the folder holds a run (its config.yaml exists).
  bool has_run() const;
  // Create the sub-folders (idempotent).
  void create() const;

  // Highest iteration with a complete file of that kind, or -1 if none.
  int latest_network() const;
  int latest_checkpoint() const;
  // Delete all but the newest `keep` checkpoints.
  void prune_checkpoints(int keep) const;
  // Remove leftover temporary files ("*.tmp*") of an interrupted run, and
  // those of extra self-play workers ("ext-<id>-…") that are not running: a
  // worker holds workers/<id>.lock while it runs, on any host (the shared
  // file system's locks), so a lock this process can take means the worker
  // is gone. (Temporaries of workers of older builds, without a lock file,
  // go when their pid on this host is gone.) Returns the count.
  int remove_stale_temporaries() const;
  // The temporaries of worker `id` (call while holding its lock).
  int remove_worker_temporaries(const std::string& id) const;

  // An exclusive lock on the folder (flock on run.lock) for the lifetime of
  // the returned object, so that two `inchzero run` processes never train in
  // one folder. The kernel drops it when the process dies, kill -9 included.
  // Throws GameError naming the holder's pid when another process holds it.
  using Lock = FolderLock;
  std::unique_ptr<Lock> lock() const;
  // The lock of extra worker `id` (workers/<id>.lock; the file keeps
  // "<host> <pid>" of its holder), so that two live workers never share an
  // id and the trainer can tell a dead worker's temporaries. Throws
  // GameError naming the holder when another process holds it.
  std::unique_ptr<Lock> worker_lock(const std::string& id) const;

  // run_state.json, or a fresh state when there is none. Throws GameError
  // naming the file when it is unreadable.
  RunState read_state() const;
  void write_state(const RunState& state) const;

  // The records of metrics.jsonl in order; a torn last line (a crash while
  // appending) is skipped, a line of the wrong shape is a GameError naming
  // the file and the line.
  std::vector<IterationRecord> read_metrics() const;
  void append_metrics(const IterationRecord& record) const;

 private:
  std::string root_;
};

}  // namespace inchzero
