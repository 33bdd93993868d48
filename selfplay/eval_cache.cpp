#include "selfplay/eval_cache.h"

namespace inchzero {

EvalCache::EvalCache(int64_t entries) : stripes_(kStripes) {
  if (entries <= 0) return;
  size_t size = 1;
  while (static_cast<int64_t>(size) < entries) size <<= 1;
  slots_.resize(size);
}

std::shared_ptr<const Evaluation> EvalCache::find(uint64_t hash) const {
  if (slots_.empty()) return nullptr;
  const size_t index = hash & (slots_.size() - 1);
  std::lock_guard<std::mutex> lock(stripe(index));
  const Slot& slot = slots_[index];
  return slot.eval && slot.hash == hash ? slot.eval : nullptr;
}

void EvalCache::insert(uint64_t hash, std::shared_ptr<const Evaluation> eval) {
  if (slots_.empty()) return;
  const size_t index = hash & (slots_.size() - 1);
  std::shared_ptr<const Evaluation> replaced;  // released outside the lock
  std::lock_guard<std::mutex> lock(stripe(index));
  Slot& slot = slots_[index];
  slot.hash = hash;
  replaced = std::move(slot.eval);
  slot.eval = std::move(eval);
}

void EvalCache::clear() {
  for (size_t i = 0; i < slots_.size(); ++i) {
    std::lock_guard<std::mutex> lock(stripe(i));
    slots_[i] = Slot{};
  }
}

}  // namespace inchzero
