// The key-value store the data-parallel ranks met at (a c10d FileStore or
// TCPStore, train/gloo_sync.h), for small messages between them outside the
// collectives: rank 0's iteration plans and heartbeat (train/rank_plan.h).
// No LibTorch here.
#pragma once

#include <cstdint>
#include <string>

namespace inchzero {

class RankStore {
 public:
  virtual ~RankStore() = default;
  // Set `key` to `value` (every rank sees it). Throws std::runtime_error
  // when the store cannot be reached (a TCPStore whose rank 0 is gone).
  virtual void set(const std::string& key, const std::string& value) = 0;
  // Whether `key` is set, without waiting. Throws like set().
  virtual bool has(const std::string& key) = 0;
  // The value of `key`, waiting up to the store's timeout for it to be set.
  // Throws like set(), and when the wait times out.
  virtual std::string get(const std::string& key) = 0;
  // Add `delta` to the counter `key` (absent = 0) and return the new value.
  // Throws like set().
  virtual int64_t add(const std::string& key, int64_t delta) = 0;
};

}  // namespace inchzero
