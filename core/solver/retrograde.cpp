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

}  // namespace

std::string gib_text(int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", static_cast<double>(bytes) / (int64_t{1} << 30));
  return text;
}

// Builds a RetrogradeSolution: enumeration, then the values.
class RetrogradeBuilder {
 public:
  RetrogradeBuilder(const std::vector<const State*>& roots, const RetrogradeOptions& options,
                    const RetrogradeProgress& progress)
      : options_(options), progress_(progress) {
    if (roots.empty()) throw GameError("solve: no position to solve");
    for (const State* root : roots) {
      const auto* state = dynamic_cast<const InchwormState*>(root);
      if (!state)
        throw GameError("solve: the retrograde solver reads inchworm positions only, not " +
                        root->game().name());
      if (state->in_compound_move()) throw GameError("solve: the position is inside a move");
      const InchwormGame& game = state->inchworm_game();
      if (!codec_) {
        if (game.rules().repetition_draw == 1)
          throw GameError("solve: repetition_draw=1 ends every game at once; use 0 or 3");
        codec_ = std::make_shared<InchwormKeyCodec>(game, options.symmetry);
        s_.codec_ = codec_;
        const inchworm::Rules& r = game.rules();
        if (options.counter_layers && r.no_capture_limit > 0)
          layer_bound_ = r.no_capture_limit +
                         r.no_capture_limit_per_piece * (r.start_stock[0] + r.start_stock[1]) + 1;
        if (layer_bound_ > 256)
          throw GameError("solve: a no-capture limit of up to " + std::to_string(layer_bound_ - 1) +
                          " plies is more than counter layers hold (255); use --counter-in-key");
      } else if (&game != &roots[0]->game()) {
        throw GameError("solve: the positions to solve together must be of one game and rules");
      }
      root_keys_.push_back(codec_->pack(*state));
    }
  }

  RetrogradeSolution build() {
    t0_ = std::chrono::steady_clock::now();
    enumerate();
    stats().enumeration_seconds = elapsed();
    if (layer_bound_ > 0)
      assign_layer_values();
    else
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

  // The bytes the arrays hold now, and will hold once the values exist.
  int64_t bytes_now() const {
    return static_cast<int64_t>(s_.keys_.bytes() + s_.slots_.size() * sizeof(uint32_t) +
                                s_.child_begin_.bytes() + s_.children_.bytes() + s_.flags_.bytes() +
                                s_.value_.bytes() + chunk_bytes_);
  }
  int64_t bytes_at_the_end() const {
    const auto n = static_cast<int64_t>(s_.keys_.size());
    // Counter layers: 2 bytes a layer, the score sum, limit and value at the
    // limit, and the order of the groups; else distances and the changed-bit
    // map.
    if (layer_bound_ > 0) return bytes_now() + n * (2 * layer_bound_ + 3 + 4);
    return bytes_now() + n * 4 + n / 8;
  }
  // Refuses the solve when `extra` bytes more than the arrays will need
  // would pass the limit.
  void check_memory(int64_t extra = 0) {
    const int64_t need = bytes_at_the_end() + extra;
    stats().array_bytes = std::max(stats().array_bytes, need);
    if (need > options_.memory_limit_bytes)
      throw GameError("solve: refused: the solve would need more than " + gib_text(need) +
                      " of arrays (" + std::to_string(s_.keys_.size()) + " positions and " +
                      std::to_string(s_.children_.size()) +
                      " moves so far, and more to come), above its limit of " +
                      gib_text(options_.memory_limit_bytes) + " (--memory)");
  }

  // The index of `key`, inserted when new.
  uint32_t insert(PositionKey key) {
    // Linear probing stays short up to 70 % full (the keys are mixed).
    if (s_.keys_.size() * 10 >= s_.slots_.size() * 7) grow();
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
    const size_t size = std::max<size_t>(1024, s_.slots_.size() * 2);
    // The old table and the new one are held at once while it grows.
    check_memory(static_cast<int64_t>(size * sizeof(uint32_t)));
    std::vector<uint32_t> old = std::move(s_.slots_);
    s_.slots_.assign(size, 0);
    const size_t mask = s_.slots_.size() - 1;
    for (uint32_t slot : old) {
      if (slot == 0) continue;
      size_t at = key_hash(s_.keys_[slot - 1]) & mask;
      while (s_.slots_[at] != 0) at = (at + 1) & mask;
      s_.slots_[at] = slot;
    }
  }

  // With counter layers the positions are enumerated without the count: a
  // base position is unpacked with none, which no limit ends.
  PositionKey base_key(PositionKey key) const {
    return layer_bound_ > 0 ? codec_->with_since_capture(key, 0) : key;
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
    // One child state assigned from the parent for every move: no
    // allocation per move (its history keeps its capacity).
    const std::unique_ptr<InchwormState> child = state->clone_state();
    for (const Move& move : state->legal_moves()) {
      *child = *state;
      child->apply_move(move);
      x.children.push_back(base_key(codec_->pack(*child)));
    }
    std::sort(x.children.begin(), x.children.end());
    x.children.erase(std::unique(x.children.begin(), x.children.end()), x.children.end());
    return x;
  }

  // Breadth first: the positions of one level are expanded by every thread
  // a chunk at a time, then their children are inserted in order, so
  // indices follow levels and the child arrays are written in index order.
  // A chunk bounds the child keys held at once (a whole level's would be
  // as large as the key table).
  void enumerate() {
    for (PositionKey key : root_keys_) insert(base_key(key));
    size_t begin = 0;
    while (begin < s_.keys_.size()) {
      const size_t end = s_.keys_.size();
      for (size_t from = begin; from < end; from += kExpandChunk)
        expand_and_insert(from, std::min(end, from + kExpandChunk));
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

  void expand_and_insert(size_t begin, size_t end) {
    std::vector<Expansion> chunk(end - begin);
    std::atomic<size_t> next{begin};
    constexpr size_t kGrain = 64;
    run_workers(std::max(1, options_.threads), [&](int) {
      for (size_t from; (from = next.fetch_add(kGrain)) < end;)
        for (size_t i = from; i < std::min(end, from + kGrain); ++i)
          chunk[i - begin] = expand(s_.keys_[i]);
    });
    int64_t held = 0;
    for (const Expansion& x : chunk)
      held += static_cast<int64_t>(x.children.capacity() * sizeof(PositionKey));
    chunk_bytes_ = std::max(chunk_bytes_, held);
    for (size_t i = begin; i < end; ++i) {
      Expansion& x = chunk[i - begin];
      s_.child_begin_.push_back(s_.children_.size());
      s_.flags_.push_back(x.terminal ? RetrogradeSolution::kTerminal : 0);
      s_.value_.push_back(x.terminal ? static_cast<int8_t>(x.value) : kUnknown);
      if (x.terminal) ++stats().terminals;
      for (PositionKey child : x.children) s_.children_.push_back(insert(child));
      x = Expansion{};  // its memory back now
    }
  }

  // Values are decided in rounds: in round d every undecided position with a
  // child decided in round d-1 is looked at again and decided from its
  // children decided before round d. So a win is found in the round after
  // its nearest lost child (1 + the least distance), a loss in the round
  // after its last child (1 + the greatest distance), and the child arrays
  // are all the graph needs: no parent arrays, no queue (half the memory of
  // a solve that keeps both).
  struct Decision {
    uint32_t distance;
    int8_t value;
  };

  // The best of a position's decided children for the player to move (both
  // passes decide the same way): a win by the nearest child lost for the
  // opponent, else a draw by the nearest drawn child, else a loss by the
  // farthest; each distance one more than the child's.
  struct BestOfChildren {
    bool any_win = false, any_draw = false;
    uint32_t win_distance = UINT32_MAX, draw_distance = UINT32_MAX, loss_distance = 0;
    void add(int value_for_mover, uint32_t child_distance) {
      const uint32_t d = child_distance + 1;
      if (value_for_mover > 0) {
        any_win = true;
        win_distance = std::min(win_distance, d);
      } else if (value_for_mover == 0) {
        any_draw = true;
        draw_distance = std::min(draw_distance, d);
      } else {
        loss_distance = std::max(loss_distance, d);
      }
    }
    Decision decision() const {
      if (any_win) return {win_distance, static_cast<int8_t>(Value::kWin)};
      if (any_draw) return {draw_distance, static_cast<int8_t>(Value::kDraw)};
      return {loss_distance, static_cast<int8_t>(Value::kLoss)};
    }
  };

  // The value of undecided position `p` from its children decided so far,
  // or nothing yet.
  bool decide(uint32_t p, Decision& out) const {
    const int side = codec_->side(s_.keys_[p]);
    bool all_decided = true;
    BestOfChildren best;
    for (uint64_t k = s_.child_begin_[p]; k < s_.child_begin_[p + 1]; ++k) {
      const uint32_t c = s_.children_[k];
      const int8_t vc = s_.value_[c];
      if (vc == kUnknown) {
        all_decided = false;
        continue;
      }
      best.add(codec_->side(s_.keys_[c]) == side ? vc : -vc, s_.distance_[c]);
    }
    // A win needs only its child; a draw or a loss needs every child.
    if (!best.any_win && !all_decided) return false;
    out = best.decision();
    return true;
  }

  bool changed(const std::vector<uint64_t>& bits, uint32_t i) const {
    return (bits[i >> 6] >> (i & 63)) & 1;
  }
  bool has_changed_child(const std::vector<uint64_t>& bits, uint32_t p) const {
    for (uint64_t k = s_.child_begin_[p]; k < s_.child_begin_[p + 1]; ++k)
      if (changed(bits, s_.children_[k])) return true;
    return false;
  }

  // One round: every thread looks at its share of the undecided positions
  // and keeps what it decides in the position's own flags (no other thread
  // reads them); the decisions become values once all have looked, so none
  // sees another's decision of this round. Returns the positions decided.
  int64_t round(std::vector<uint64_t>& bits) {
    const size_t n = s_.keys_.size();
    std::atomic<size_t> next{0};
    constexpr size_t kGrain = 4096;
    run_workers(std::max(1, options_.threads), [&](int) {
      for (size_t from; (from = next.fetch_add(kGrain)) < n;)
        for (size_t i = from; i < std::min(n, from + kGrain); ++i) {
          const auto p = static_cast<uint32_t>(i);
          Decision d{};
          if (s_.value_[p] != kUnknown || !has_changed_child(bits, p) || !decide(p, d)) continue;
          s_.distance_[p] = d.distance;  // read only once the value is set
          s_.flags_[p] |= pending_flag(d.value);
        }
    });
    std::fill(bits.begin(), bits.end(), 0);
    int64_t decided = 0;
    for (size_t i = 0; i < n; ++i) {
      const uint8_t pending = s_.flags_[i] & kPending;
      if (!pending) continue;
      s_.value_[i] = pending == kPendingWin    ? static_cast<int8_t>(Value::kWin)
                     : pending == kPendingDraw ? static_cast<int8_t>(Value::kDraw)
                                               : static_cast<int8_t>(Value::kLoss);
      s_.flags_[i] &= static_cast<uint8_t>(~kPending);
      bits[i >> 6] |= uint64_t{1} << (i & 63);
      ++decided;
    }
    return decided;
  }
  static constexpr uint8_t kPendingWin = 4, kPendingDraw = 8, kPendingLoss = 16;
  static constexpr uint8_t kPending = kPendingWin | kPendingDraw | kPendingLoss;
  static uint8_t pending_flag(int8_t value) {
    return value > 0 ? kPendingWin : value == 0 ? kPendingDraw : kPendingLoss;
  }

  void assign_values() {
    const size_t n = s_.keys_.size();
    s_.distance_.assign(n, 0);
    std::vector<uint64_t> bits((n + 63) / 64, 0);
    for (size_t i = 0; i < n; ++i)
      if (s_.flags_[i] & RetrogradeSolution::kTerminal) bits[i >> 6] |= uint64_t{1} << (i & 63);
    while (round(bits) > 0) {
      ++stats().rounds;
      stats().seconds = elapsed();
      if (progress_) progress_("values", stats());
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

  // Counter layers (RetrogradeOptions::counter_layers). Per base position:
  // the count at which the limit ends the game, and the value there for the
  // player to move (by score).
  struct LimitEnd {
    std::vector<uint8_t> limit;
    std::vector<int8_t> value;
  };
  LimitEnd limit_ends() {
    const size_t n = s_.keys_.size();
    const inchworm::Rules& r = codec_->game().rules();
    LimitEnd ends{std::vector<uint8_t>(n), std::vector<int8_t>(n)};
    s_.score_sum_.assign(n, 0);
    std::atomic<size_t> next{0};
    std::atomic<bool> too_high{false};
    constexpr size_t kGrain = 4096;
    run_workers(std::max(1, options_.threads), [&](int) {
      for (size_t from; (from = next.fetch_add(kGrain)) < n;)
        for (size_t i = from; i < std::min(n, from + kGrain); ++i) {
          const PositionKey key = s_.keys_[i];
          const int me = codec_->side(key);
          const int mine = codec_->score(key, me), theirs = codec_->score(key, 1 - me);
          if (mine + theirs > 255) too_high = true;
          s_.score_sum_[i] = static_cast<uint8_t>(mine + theirs);
          ends.limit[i] = static_cast<uint8_t>(
              r.no_capture_limit + r.no_capture_limit_per_piece * codec_->pieces_on_board(key));
          ends.value[i] = static_cast<int8_t>(mine > theirs ? 1 : mine < theirs ? -1 : 0);
        }
    });
    if (too_high)
      throw GameError(
          "solve: scores above 255 in all are more than counter layers group by; "
          "use --counter-in-key");
    return ends;
  }

  // The entry of base position b with `count` plies since a capture: the
  // limit or the base position ends the game there (the limit is checked
  // first, as InchwormState::settle_end does after the target, whose winner
  // is the same), else the best of its children, each one layer up or, when
  // the ply captured (a score rose), in layer 0 of a group decided before.
  uint16_t decide_cell(uint32_t b, int count, const LimitEnd& ends) const {
    const size_t n = s_.keys_.size();
    const bool at_limit = count >= ends.limit[b];
    if (at_limit || (s_.flags_[b] & RetrogradeSolution::kTerminal))
      return RetrogradeSolution::make_cell(at_limit ? ends.value[b] : s_.value_[b], true, 0);
    const int side = codec_->side(s_.keys_[b]);
    BestOfChildren best;
    for (uint64_t k = s_.child_begin_[b]; k < s_.child_begin_[b + 1]; ++k) {
      const uint32_t c = s_.children_[k];
      const size_t layer = s_.score_sum_[c] > s_.score_sum_[b] ? 0 : static_cast<size_t>(count) + 1;
      const uint16_t entry = s_.cells_[layer * n + c];
      const int vc = RetrogradeSolution::cell_value(entry);
      best.add(codec_->side(s_.keys_[c]) == side ? vc : -vc,
               RetrogradeSolution::cell_distance(entry));
    }
    const Decision d = best.decision();
    return RetrogradeSolution::make_cell(d.value, false, d.distance);
  }

  // Base positions by their sum of scores, highest first (a group's plies
  // that capture reach only groups before it), as [begin, end) of `order`.
  std::vector<std::pair<size_t, size_t>> score_groups(std::vector<uint32_t>& order) const {
    const size_t n = s_.keys_.size();
    std::vector<size_t> count(257, 0);
    for (size_t i = 0; i < n; ++i) ++count[255 - s_.score_sum_[i] + 1];
    for (size_t g = 1; g < count.size(); ++g) count[g] += count[g - 1];
    std::vector<std::pair<size_t, size_t>> groups;
    for (size_t g = 0; g < 256; ++g)
      if (count[g + 1] > count[g]) groups.emplace_back(count[g], count[g + 1]);
    order.assign(n, 0);
    std::vector<size_t> at(count.begin(), count.end() - 1);
    for (size_t i = 0; i < n; ++i) order[at[255 - s_.score_sum_[i]]++] = static_cast<uint32_t>(i);
    return groups;
  }

  void assign_layer_values() {
    const size_t n = s_.keys_.size();
    const LimitEnd ends = limit_ends();
    int layers = 0;
    for (uint8_t limit : ends.limit) layers = std::max(layers, limit + 1);
    for (PositionKey key : root_keys_) layers = std::max(layers, codec_->since_capture(key) + 1);
    check_memory();
    s_.layers_ = layers;
    s_.cells_.assign(n * static_cast<size_t>(layers), 0);
    std::vector<uint32_t> order;
    const auto groups = score_groups(order);
    // (Not a structured binding: C++17 lambdas cannot capture one.)
    for (const std::pair<size_t, size_t>& group : groups)
      for (int count = layers - 1; count >= 0; --count) {
        const size_t begin = group.first, end = group.second;
        std::atomic<size_t> next{begin};
        constexpr size_t kGrain = 4096;
        run_workers(std::max(1, options_.threads), [&](int) {
          for (size_t from; (from = next.fetch_add(kGrain)) < end;)
            for (size_t i = from; i < std::min(end, from + kGrain); ++i)
              s_.cells_[static_cast<size_t>(count) * n + order[i]] =
                  decide_cell(order[i], count, ends);
        });
        ++stats().rounds;
        stats().seconds = elapsed();
      }
    if (progress_) progress_("values", stats());
    count_layer_values(n, layers);
  }

  void count_layer_values(size_t n, int layers) {
    RetrogradeStats& st = stats();
    st.base_positions = static_cast<int64_t>(n);
    st.counter_layers = layers;
    st.positions = s_.size();
    st.terminals = 0;
    for (int64_t i = 0; i < s_.size(); ++i) {
      if (s_.terminal(i)) ++st.terminals;
      const Value v = s_.value(i);
      ++(v == Value::kWin ? st.wins : v == Value::kLoss ? st.losses : st.forced_draws);
    }
    if (progress_) progress_("values", st);
  }

  static constexpr int8_t kUnknown = 2;
  // Positions expanded before their children are inserted.
  static constexpr size_t kExpandChunk = size_t{1} << 16;
  int64_t chunk_bytes_ = 0;  // child keys of one chunk at their largest
  int layer_bound_ = 0;      // with counter layers, the most there can be
  RetrogradeOptions options_;
  RetrogradeProgress progress_;
  std::shared_ptr<InchwormKeyCodec> codec_;
  std::vector<PositionKey> root_keys_;
  RetrogradeSolution s_;
  std::chrono::steady_clock::time_point t0_;
};

size_t RetrogradeSolution::index_size(size_t positions) {
  size_t size = 1024;
  while (positions * 10 >= size * 7) size *= 2;
  return size;
}

void RetrogradeSolution::index_keys() {
  const size_t size = index_size(keys_.size());
  slots_.assign(size, 0);
  const size_t mask = size - 1;
  for (size_t i = 0; i < keys_.size(); ++i) {
    size_t at = key_hash(keys_[i]) & mask;
    while (slots_[at] != 0) at = (at + 1) & mask;
    slots_[at] = static_cast<uint32_t>(i + 1);
  }
}

PositionKey RetrogradeSolution::key(int64_t i) const {
  if (!layers_) return keys_[i];
  return codec_->with_since_capture(keys_[i % base_size()], static_cast<int>(i / base_size()));
}

Value RetrogradeSolution::value(int64_t i) const {
  return static_cast<Value>(layers_ ? cell_value(cells_[i]) : value_[i]);
}

uint32_t RetrogradeSolution::distance(int64_t i) const {
  return layers_ ? cell_distance(cells_[i]) : distance_[i];
}

bool RetrogradeSolution::terminal(int64_t i) const {
  return layers_ ? cell_terminal(cells_[i]) : (flags_[i] & kTerminal) != 0;
}

uint16_t RetrogradeSolution::make_cell(int value, bool terminal, uint32_t distance) {
  if (distance > kCellMaxDistance)
    throw GameError("solve: a distance of " + std::to_string(distance) +
                    " moves does not fit a counter layer's entry; use --counter-in-key");
  return static_cast<uint16_t>((value + 1) | (terminal ? kCellTerminal : 0) |
                               distance << kCellDistanceShift);
}

int64_t RetrogradeSolution::find(PositionKey key) const {
  if (layers_) {
    const int count = codec_->since_capture(key);
    if (count >= layers_) return -1;
    const int64_t base = find_base(codec_->with_since_capture(key, 0));
    return base < 0 ? -1 : count * base_size() + base;
  }
  return find_base(key);
}

int64_t RetrogradeSolution::find_base(PositionKey key) const {
  if (slots_.empty()) return -1;
  const size_t mask = slots_.size() - 1;
  for (size_t at = key_hash(key) & mask;; at = (at + 1) & mask) {
    const uint32_t slot = slots_[at];
    if (slot == 0) return -1;
    if (keys_[slot - 1] == key) return slot - 1;
  }
}

std::vector<int64_t> RetrogradeSolution::children(int64_t i) const {
  std::vector<int64_t> out;
  if (layers_ && terminal(i)) return out;  // (the base position may go on)
  const int64_t b = base_index(i), n = base_size();
  for (uint64_t k = child_begin_[b]; k < child_begin_[b + 1]; ++k) {
    const int64_t c = children_[k];
    if (!layers_)
      out.push_back(c);
    else  // a ply that captured starts the count again
      out.push_back((score_sum_[c] > score_sum_[b] ? 0 : i / n + 1) * n + c);
  }
  return out;
}

Value RetrogradeSolution::value_for_mover(int64_t parent, int64_t child) const {
  const int v = static_cast<int>(value(child));
  return static_cast<Value>(
      codec_->side(keys_[base_index(child)]) == codec_->side(keys_[base_index(parent)]) ? v : -v);
}

int64_t RetrogradeSolution::best_child(int64_t i) const {
  if (terminal(i)) return -1;
  const Value v = value(i);
  int64_t best = -1;
  for (int64_t c : children(i)) {
    if (value_for_mover(i, c) != v) continue;
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
  return RetrogradeBuilder({&root}, options, progress).build();
}

RetrogradeSolution solve_retrograde(const std::vector<const State*>& roots,
                                    const RetrogradeOptions& options,
                                    const RetrogradeProgress& progress) {
  return RetrogradeBuilder(roots, options, progress).build();
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
