// The positions of recent queries, so that a query extending one of them
// replays only its new moves. Clients analyse games move by move (a GUI, the
// browser page, KataGo-style analysis of a whole game), each query carrying
// the moves from the start: replaying a few hundred Inchworm moves, each
// checked by the rules, costs more than a 64-visit search of the position.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

class ReplayCache {
 public:
  explicit ReplayCache(size_t capacity = 16) : capacity_(capacity) {}

  struct Hit {
    std::unique_ptr<State> state;  // a copy of the cached position (null: no hit)
    size_t moves = 0;              // how many of the query's moves it has played
  };
  // The cached position of `game` from `start` (a position text, empty for
  // the game's start) that played the longest prefix of `moves`. Thread-safe.
  Hit longest_prefix(const Game& game, const std::string& start,
                     const std::vector<std::string>& moves);
  // Keeps `state`, reached from `start` by `moves`, dropping the least
  // recently used position when full. Thread-safe.
  void remember(const Game& game, const std::string& start, const std::vector<std::string>& moves,
                const State& state);

 private:
  struct Entry {
    const Game* game = nullptr;
    std::string start;
    std::vector<std::string> moves;
    std::unique_ptr<State> state;
    uint64_t last_used = 0;
  };
  size_t capacity_;
  std::mutex mutex_;
  std::vector<Entry> entries_;
  uint64_t clock_ = 0;
};

}  // namespace inchzero
