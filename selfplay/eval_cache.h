// A fixed-size evaluation cache keyed by State::hash() (in the spirit of
// KataGo's NNCacheTable): direct-mapped slots, each holding the full 64-bit
// hash and a shared, immutable Evaluation; lock-striped so that threads only
// contend when they touch the same stripe, and each lock is held for a
// pointer copy only. Shared by every search of a run and kept across moves.
// Evaluations depend on the network: use a new cache (or clear()) after the
// network changes.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "selfplay/evaluation.h"

namespace inchzero {

class EvalCache {
 public:
  // `entries` is rounded up to a power of two; 0 makes a cache that never hits.
  explicit EvalCache(int64_t entries);

  // The evaluation stored for `hash`, or nullptr. Thread-safe.
  std::shared_ptr<const Evaluation> find(uint64_t hash) const;
  // Store `eval` for `hash`, replacing whatever shared its slot. Thread-safe.
  void insert(uint64_t hash, std::shared_ptr<const Evaluation> eval);
  // Forget everything (e.g. after a network change). Thread-safe.
  void clear();
  int64_t capacity() const { return static_cast<int64_t>(slots_.size()); }

 private:
  struct Slot {
    uint64_t hash = 0;
    std::shared_ptr<const Evaluation> eval;
  };
  static constexpr size_t kStripes = 256;
  std::mutex& stripe(size_t slot) const { return stripes_[slot % kStripes]; }

  std::vector<Slot> slots_;
  mutable std::vector<std::mutex> stripes_;
};

}  // namespace inchzero
