#include "core/solver/retrograde.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "core/solver/solver.h"
#include "core/thread_pool.h"

namespace inchzero::solver {

using inchworm::InchwormGame;
using inchworm::InchwormState;

namespace {

uint64_t key_hash(PositionKey key) {
  return inchworm::mix64(static_cast<uint64_t>(key) ^
                         inchworm::mix64(static_cast<uint64_t>(key >> 64)));
}

std::string gib(int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (1 << 30));
  return text;
}

}  // namespace

// Builds a RetrogradeSolution: enumeration, then the values.
class RetrogradeBuilder {
 public:
  RetrogradeBuilder(const State& root, const RetrogradeOptions& options,
                    const RetrogradeProgress& progress)
      : options_(options), progress_(progress) {
    const auto* state = dynamic_cast<const InchwormState*>(&root);
    if (!state)
      throw GameError("solve: the retrograde solver reads inchworm positions only, not " +
                      root.game().name());
    if (state->in_compound_move()) throw GameError("solve: the position is inside a move");
    const InchwormGame& game = state->inchworm_game();
    if (game.rules().repetition_draw == 1)
      throw GameError("solve: repetition_draw=1 ends every game at once; use 0 or 3");
    codec_ = std::make_shared<InchwormKeyCodec>(game, options.symmetry);
    s_.codec_ = codec_;
    root_key_ = codec_->pack(*state);
  }

  RetrogradeSolution build() {
    t0_ = std::chrono::steady_clock::now();
    enumerate();
    assign_values();
    stats().seconds = elapsed();
    stats().peak_rss_bytes = peak_rss_bytes();
    if (progress_) progress_("done", stats());
    return std::move(s_);
  }

 private:
  RetrogradeStats& stats() { return s_.stats_; }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
  }

  // The bytes the arrays hold now, and will hold once the parents exist.
  int64_t bytes_now() const {
    return static_cast<int64_t>(
        s_.keys_.capacity() * sizeof(PositionKey) + s_.slots_.size() * sizeof(uint32_t) +
        s_.child_begin_.capacity() * sizeof(uint64_t) + s_.children_.capacity() * sizeof(uint32_t) +
        s_.flags_.capacity() + s_.value_.capacity());
  }
  int64_t bytes_at_the_end() const {
    const auto n = static_cast<int64_t>(s_.keys_.size());
    const auto e = static_cast<int64_t>(s_.children_.size());
    // + parents (offsets and indices), distances, the queue, counters.
    return bytes_now() + n * 8 + e * 4 + n * 4 + n * 4 + n * 4;
  }
  void check_memory() {
    const int64_t need = bytes_at_the_end();
    stats().array_bytes = std::max(stats().array_bytes, need);
    if (need > options_.memory_limit_bytes)
      throw GameError("solve: refused: the solve would need more than " + gib(need) +
                      " of arrays (" + std::to_string(s_.keys_.size()) + " positions and " +
                      std::to_string(s_.children_.size()) +
                      " moves so far, and more to come), above its limit of " +
                      gib(options_.memory_limit_bytes) + " (--memory)");
  }

  // The index of `key`, inserted when new.
  uint32_t insert(PositionKey key) {
    if (s_.keys_.size() * 2 >= s_.slots_.size()) grow();
    const size_t mask = s_.slots_.size() - 1;
    for (size_t at = key_hash(key) & mask;; at = (at + 1) & mask) {
      const uint32_t slot = s_.slots_[at];
      if (slot == 0) {
        if (s_.keys_.size() >= UINT32_MAX - 1) throw GameError("solve: more than 2^32 positions");
        s_.keys_.push_back(key);
        s_.slots_[at] = static_cast<uint32_t>(s_.keys_.size());
        return static_cast<uint32_t>(s_.keys_.size() - 1);
      }
      if (s_.keys_[slot - 1] == key) return slot - 1;
    }
  }
  void grow() {
    std::vector<uint32_t> old = std::move(s_.slots_);
    s_.slots_.assign(std::max<size_t>(1024, old.size() * 2), 0);
    const size_t mask = s_.slots_.size() - 1;
    for (uint32_t slot : old) {
      if (slot == 0) continue;
      size_t at = key_hash(s_.keys_[slot - 1]) & mask;
      while (s_.slots_[at] != 0) at = (at + 1) & mask;
      s_.slots_[at] = slot;
    }
  }

  // The distinct positions one full move after `key` (none when terminal),
  // and whether it is terminal and its value there.
  struct Expansion {
    std::vector<PositionKey> children;
    bool terminal = false;
    Value value = Value::kDraw;
  };
  Expansion expand(PositionKey key) const {
    Expansion x;
    const std::unique_ptr<InchwormState> state = codec_->unpack(key);
    if (state->is_terminal()) {
      x.terminal = true;
      const int w = state->winner();
      x.value = w == kNoPlayer                 ? Value::kDraw
                : w == state->current_player() ? Value::kWin
                                               : Value::kLoss;
      return x;
    }
    for (const Move& move : state->legal_moves()) {
      std::unique_ptr<InchwormState> child = state->clone_state();
      child->apply_move(move);
      x.children.push_back(codec_->pack(*child));
    }
    std::sort(x.children.begin(), x.children.end());
    x.children.erase(std::unique(x.children.begin(), x.children.end()), x.children.end());
    return x;
  }

  // Breadth first: the positions of one level are expanded by every thread,
  // then their children are inserted in order, so indices follow levels and
  // the child arrays are written in index order.
  void enumerate() {
    insert(root_key_);
    size_t begin = 0;
    while (begin < s_.keys_.size()) {
      const size_t end = s_.keys_.size();
      std::vector<Expansion> level(end - begin);
      std::atomic<size_t> next{begin};
      constexpr size_t kChunk = 64;
      run_workers(std::max(1, options_.threads), [&](int) {
        for (size_t from; (from = next.fetch_add(kChunk)) < end;)
          for (size_t i = from; i < std::min(end, from + kChunk); ++i)
            level[i - begin] = expand(s_.keys_[i]);
      });
      for (size_t i = begin; i < end; ++i) {
        Expansion& x = level[i - begin];
        s_.child_begin_.push_back(s_.children_.size());
        s_.flags_.push_back(x.terminal ? RetrogradeSolution::kTerminal : 0);
        s_.value_.push_back(x.terminal ? static_cast<int8_t>(x.value) : kUnknown);
        if (x.terminal) ++stats().terminals;
        for (PositionKey child : x.children) s_.children_.push_back(insert(child));
        x = Expansion{};  // its memory back now
      }
      begin = end;
      ++stats().levels;
      stats().positions = static_cast<int64_t>(s_.keys_.size());
      stats().edges = static_cast<int64_t>(s_.children_.size());
      stats().seconds = elapsed();
      check_memory();
      if (progress_) progress_("positions", stats());
    }
    s_.child_begin_.push_back(s_.children_.size());
  }

  // Values flow from the terminal positions to their parents, nearest first.
  void assign_values() {
    const size_t n = s_.keys_.size();
    // Parents: a count per position, then the indices.
    std::vector<uint64_t> parent_begin(n + 1, 0);
    for (uint32_t c : s_.children_) ++parent_begin[c + 1];
    for (size_t i = 0; i < n; ++i) parent_begin[i + 1] += parent_begin[i];
    std::vector<uint32_t> parents(s_.children_.size());
    {
      std::vector<uint64_t> fill(parent_begin.begin(), parent_begin.end() - 1);
      for (size_t p = 0; p < n; ++p)
        for (uint64_t k = s_.child_begin_[p]; k < s_.child_begin_[p + 1]; ++k)
          parents[fill[s_.children_[k]]++] = static_cast<uint32_t>(p);
    }
    std::vector<uint32_t> open_children(n);
    std::vector<uint8_t> side(n);
    for (size_t i = 0; i < n; ++i) {
      open_children[i] = static_cast<uint32_t>(s_.child_begin_[i + 1] - s_.child_begin_[i]);
      side[i] = static_cast<uint8_t>(codec_->side(s_.keys_[i]));
    }
    s_.distance_.assign(n, 0);
    std::vector<uint32_t> queue;
    queue.reserve(n);
    for (size_t i = 0; i < n; ++i)
      if (s_.flags_[i] & RetrogradeSolution::kTerminal) queue.push_back(static_cast<uint32_t>(i));
    std::vector<uint8_t> saw_draw(n, 0);
    for (size_t head = 0; head < queue.size(); ++head) {
      const uint32_t c = queue[head];
      for (uint64_t k = parent_begin[c]; k < parent_begin[c + 1]; ++k) {
        const uint32_t p = parents[k];
        if (s_.value_[p] != kUnknown) continue;
        // The child's value for the player who moves at the parent.
        const int8_t v = side[p] == side[c] ? s_.value_[c] : static_cast<int8_t>(-s_.value_[c]);
        // A forced draw is as long as its shortest drawing line (the first
        // drawn child met, in order of distance).
        if (v == static_cast<int8_t>(Value::kDraw) && !saw_draw[p]) {
          saw_draw[p] = 1;
          s_.distance_[p] = s_.distance_[c] + 1;
        }
        if (v == static_cast<int8_t>(Value::kWin)) {
          s_.value_[p] = v;
          s_.distance_[p] = s_.distance_[c] + 1;
        } else if (--open_children[p] == 0) {
          s_.value_[p] = static_cast<int8_t>(saw_draw[p] ? Value::kDraw : Value::kLoss);
          if (!saw_draw[p]) s_.distance_[p] = s_.distance_[c] + 1;
        } else {
          continue;
        }
        queue.push_back(p);
      }
    }
    for (size_t i = 0; i < n; ++i) {
      if (s_.value_[i] == kUnknown) {
        s_.value_[i] = static_cast<int8_t>(Value::kDraw);
        s_.flags_[i] |= RetrogradeSolution::kEndless;
        ++stats().endless_draws;
      } else if (s_.value_[i] == static_cast<int8_t>(Value::kWin)) {
        ++stats().wins;
      } else if (s_.value_[i] == static_cast<int8_t>(Value::kLoss)) {
        ++stats().losses;
      } else {
        ++stats().forced_draws;
      }
    }
    if (progress_) progress_("values", stats());
  }

  static constexpr int8_t kUnknown = 2;
  RetrogradeOptions options_;
  RetrogradeProgress progress_;
  std::shared_ptr<InchwormKeyCodec> codec_;
  PositionKey root_key_ = 0;
  RetrogradeSolution s_;
  std::chrono::steady_clock::time_point t0_;
};

int64_t RetrogradeSolution::find(PositionKey key) const {
  if (slots_.empty()) return -1;
  const size_t mask = slots_.size() - 1;
  for (size_t at = key_hash(key) & mask;; at = (at + 1) & mask) {
    const uint32_t slot = slots_[at];
    if (slot == 0) return -1;
    if (keys_[slot - 1] == key) return slot - 1;
  }
}

std::vector<int64_t> RetrogradeSolution::children(int64_t i) const {
  return std::vector<int64_t>(children_.begin() + static_cast<int64_t>(child_begin_[i]),
                              children_.begin() + static_cast<int64_t>(child_begin_[i + 1]));
}

int64_t RetrogradeSolution::best_child(int64_t i) const {
  if (terminal(i)) return -1;
  const Value v = value(i);
  const int side = codec_->side(keys_[i]);
  int64_t best = -1;
  for (int64_t c : children(i)) {
    const int value_c = static_cast<int>(value(c));
    const auto for_me = static_cast<Value>(codec_->side(keys_[c]) == side ? value_c : -value_c);
    if (for_me != v) continue;
    // Win: the shortest way; loss: the longest; an endless draw: a move that
    // keeps it endless; a forced draw: its shortest drawing line.
    if (v == Value::kDraw && endless(i) != endless(c)) continue;
    if (v == Value::kDraw && !endless(i) && distance(c) + 1 != distance(i)) continue;
    if (best < 0 || (v == Value::kWin && distance(c) < distance(best)) ||
        (v == Value::kLoss && distance(c) > distance(best)))
      best = c;
  }
  return best;
}

std::vector<std::string> best_line(const RetrogradeSolution& solution, const State& state,
                                   int max_moves) {
  const auto* start = dynamic_cast<const InchwormState*>(&state);
  if (!start) throw GameError("solve: a best line of an inchworm position only");
  std::unique_ptr<InchwormState> at = start->clone_state();
  int64_t index = solution.find(solution.codec().pack(*at));
  if (index < 0) throw GameError("solve: the position is not in the solution");
  std::vector<std::string> line;
  for (int64_t next;
       static_cast<int>(line.size()) < max_moves && (next = solution.best_child(index)) >= 0;
       index = next) {
    bool found = false;
    for (const Move& move : at->legal_moves()) {
      std::unique_ptr<InchwormState> child = at->clone_state();
      child->apply_move(move);
      if (solution.codec().pack(*child) != solution.key(next)) continue;
      line.push_back(at->move_to_string(move));
      at = std::move(child);
      found = true;
      break;
    }
    if (!found) throw GameError("solve: no move reaches the best child");
  }
  return line;
}

RetrogradeSolution solve_retrograde(const State& root, const RetrogradeOptions& options,
                                    const RetrogradeProgress& progress) {
  return RetrogradeBuilder(root, options, progress).build();
}

std::string move_between(const RetrogradeSolution& solution, int64_t from, int64_t to) {
  const std::unique_ptr<InchwormState> state = solution.codec().unpack(solution.key(from));
  for (const Move& move : state->legal_moves()) {
    std::unique_ptr<InchwormState> child = state->clone_state();
    child->apply_move(move);
    if (solution.codec().pack(*child) == solution.key(to)) return state->move_to_string(move);
  }
  throw GameError("solve: no move leads from position " + std::to_string(from) + " to " +
                  std::to_string(to));
}

}  // namespace inchzero::solver
