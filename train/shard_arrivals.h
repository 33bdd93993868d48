// The order in which the trainer first saw each shard, kept in the run
// folder (shard_index.jsonl) so that the replay window is the same after a
// restart, whatever the file times on a shared file system say.
//
// One line per shard, appended durably (fdatasync) by the trainer when it
// first sees it, before any of its samples are trained on:
//   {"shard":"ext-w3-000012.shard","seq":57,"generation":4,"games":64,"accepted":true}
// `seq` is the arrival sequence (0, 1, ...), `generation` the oldest network
// iteration that played a game of the shard (0: uniform play; -1: unknown),
// `accepted` false when the shard was too old to train on when it arrived
// (replay.max_generation_age) — decided once, so that a restart counts the
// same samples. A torn last line (a crash while appending) is ignored and cut
// off before the next append: that shard arrives again. Only the trainer, holding run.lock, writes
// the file.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace inchzero {

struct ShardArrival {
  std::string shard;  // file name inside shards/
  int64_t seq = 0;
  int generation = -1;
  int64_t games = 0;
  bool accepted = true;
};

class ShardArrivals {
 public:
  // Read `path` (absent = no arrivals yet). Throws GameError naming the file
  // and line for a line that is not a valid arrival (other than a torn last
  // line) or a shard listed twice.
  // `read_only` (processes other than the run's trainer, e.g. the ranks of
  // `inchzero train`): new arrivals are kept in memory only.
  explicit ShardArrivals(std::string path, bool read_only = false);

  // The arrival of `shard`, or nullptr when it has not arrived.
  const ShardArrival* find(const std::string& shard) const;
  // Record a new arrival (its seq is assigned here) and append it durably.
  // Throws std::runtime_error naming the file when the append fails.
  const ShardArrival& add(const std::string& shard, int generation, int64_t games, bool accepted);
  // Keep only the first `n` arrivals, in memory (a read-only view of the
  // window of rank 0's plan: run_follower.cpp counts arrivals exactly as
  // rank 0 does, through this class). Throws std::logic_error when not
  // read_only or when fewer than `n` arrived.
  void keep_first(size_t n);
  // Every arrival in seq order.
  const std::vector<ShardArrival>& all() const { return arrivals_; }

 private:
  std::string path_;
  bool read_only_ = false;
  std::vector<ShardArrival> arrivals_;
  std::map<std::string, size_t> by_name_;
  int64_t good_size_ = 0;         // bytes through the last complete arrival
  bool torn_tail_ = false;        // a torn line follows: cut it before appending
  bool missing_newline_ = false;  // the last arrival lacks its '\n'
};

// The generation of the network a record names: "net-000007" -> 7,
// "uniform" -> 0 (iteration 1's games), anything else -> -1 (unknown).
int network_generation(const std::string& network);

}  // namespace inchzero
