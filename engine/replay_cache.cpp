#include "engine/replay_cache.h"

#include <algorithm>

namespace inchzero {

ReplayCache::Hit ReplayCache::longest_prefix(const Game& game, const std::string& start,
                                             const std::vector<std::string>& moves) {
  std::lock_guard<std::mutex> lock(mutex_);
  Entry* best = nullptr;
  for (Entry& e : entries_) {
    if (e.game != &game || e.start != start || e.moves.size() > moves.size()) continue;
    if (best && e.moves.size() <= best->moves.size()) continue;
    if (std::equal(e.moves.begin(), e.moves.end(), moves.begin())) best = &e;
  }
  Hit hit;
  if (best) {
    best->last_used = ++clock_;
    hit.state = best->state->clone();
    hit.moves = best->moves.size();
  }
  return hit;
}

void ReplayCache::remember(const Game& game, const std::string& start,
                           const std::vector<std::string>& moves, const State& state) {
  if (capacity_ == 0) return;
  std::lock_guard<std::mutex> lock(mutex_);
  for (Entry& e : entries_) {
    if (e.game == &game && e.start == start && e.moves == moves) {
      e.last_used = ++clock_;
      return;
    }
  }
  Entry entry{&game, start, moves, state.clone(), ++clock_};
  if (entries_.size() < capacity_) {
    entries_.push_back(std::move(entry));
    return;
  }
  *std::min_element(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return a.last_used < b.last_used;
  }) = std::move(entry);
}

}  // namespace inchzero
