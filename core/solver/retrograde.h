// The retrograde solver: exact values of every position reachable from a
// given Inchworm position, with cycles handled (docs/solved-boards.md,
// "Retrograde"). The memoised negamax of solver.h needs a ply cap, so every
// draw it finds is a draw at the cap; here the ply and the no-capture count
// are part of a position only when a rule in force reads them, and a
// position that neither side can force to an end is a draw, as in chess
// endgame tablebases. So a fortress (a draw by play that can go on for ever)
// and a draw at a limit are told apart.
//
// How: every position reachable by full moves is enumerated breadth first
// (positions as 128-bit keys, inchworm_key.h; both cores expand a chunk of a
// level's positions, one thread inserts their children), the move graph is
// kept as arrays of child indices only, and values are decided in rounds
// from the terminal positions back: in each round every undecided position
// with a child decided in the round before is looked at again (a bit per
// position says which were). A position is won when one move reaches a
// position lost for the opponent, lost when every move reaches a position
// won for the opponent, drawn when every move is decided and one reaches a
// draw, and drawn for ever when it is never decided. Without parent arrays
// or a queue a position costs about 60 bytes (16 of key, 8 of hash slot, 8
// of offset, 4 per move, 6 of value, flags and distance), half what it did.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/solver/inchworm_key.h"
#include "core/solver/paged_array.h"

namespace inchzero::solver {

struct RetrogradeOptions {
  // The solve is refused (GameError naming both figures) once its arrays
  // would exceed this many bytes: stated before it starts, never the system
  // killing it.
  int64_t memory_limit_bytes = int64_t{8} << 30;
  int threads = 2;
  // One key for a position and its images under the board's symmetries
  // (up to 8 times fewer positions; values and distances are the same).
  bool symmetry = true;
  // With a no-capture limit, enumerate the positions without the plies since
  // a capture and solve that count in layers (docs/solved-boards.md,
  // "Counter layers"): a ply that captures raises a score, so the positions
  // fall into groups by the sum of the scores that play only ever leaves
  // upwards, and within a group every ply adds one to the count, so each
  // layer is decided in one pass from the one above it. 2 bytes a position
  // and count instead of about 60 for each (position, count) reached, and no
  // rounds. Off: the count is part of each position's key (the older solve,
  // kept to check this one against).
  bool counter_layers = true;
};

// `bytes` in GiB with two decimals ("6.21 GiB"), as the solver and its files
// state memory.
std::string gib_text(int64_t bytes);

struct RetrogradeStats {
  int64_t positions = 0;  // every position reached, terminal ones included
  // With counter layers: `positions` counts each (position, plies since a
  // capture) of the layers, reached or not; `base_positions` the positions
  // enumerated without the count, and `counter_layers` the counts 0..limit.
  int64_t base_positions = 0;
  int counter_layers = 0;
  int64_t terminals = 0;
  int64_t edges = 0;  // distinct (position, next position) pairs
  int64_t wins = 0, losses = 0;
  int64_t forced_draws = 0;   // draws every line of which ends (a draw at a limit or by score)
  int64_t endless_draws = 0;  // positions neither side can force to an end
  int levels = 0;             // depth of the breadth-first enumeration
  int rounds = 0;             // rounds of the values (one more than the longest decision)
  double seconds = 0;
  double enumeration_seconds = 0;  // of `seconds`, finding the positions and moves
  int64_t array_bytes = 0;         // the solver's arrays at their largest
  int64_t peak_rss_bytes = 0;      // the process's peak resident memory
};

using RetrogradeProgress = std::function<void(const char* phase, const RetrogradeStats&)>;

// Values from the point of view of the player to move.
enum class Value : int8_t { kLoss = -1, kDraw = 0, kWin = 1 };

class RetrogradeSolution {
 public:
  // The root (index 0; with several roots, the first ones) and every
  // position reachable from it. With counter layers, index i is the base
  // position i % base_size() with i / base_size() plies since a capture (every
  // count up to the limit, reached or not).
  int64_t size() const { return base_size() * std::max(1, layers_); }
  PositionKey key(int64_t i) const;
  Value value(int64_t i) const;
  // Full moves to the end under best play: the winner ends it as soon as it
  // can, the loser holds out as long as it can; for a forced draw the length
  // of the line that ends it; 0 for a terminal position and an endless draw.
  uint32_t distance(int64_t i) const;
  bool terminal(int64_t i) const;
  // A draw that no line of play ends: neither side can force an end (never
  // with counter layers: the limit ends every line).
  bool endless(int64_t i) const { return layers_ == 0 && (flags_[i] & kEndless); }
  // Positions without the count (size() when the count is not layered), and
  // the layers: 0 when the count is in the key or not kept at all.
  int64_t base_size() const { return static_cast<int64_t>(keys_.size()); }
  int layers() const { return layers_; }
  // The index of `key`, or -1 when it was not reached.
  int64_t find(PositionKey key) const;
  // Indices of the positions one full move after `i` (distinct).
  std::vector<int64_t> children(int64_t i) const;
  // The value of position `child` for the player to move at `parent` (the
  // players alternate, but a pass streak or a compound move may not).
  Value value_for_mover(int64_t parent, int64_t child) const;
  // The child a best move reaches (see distance), or -1 at a terminal.
  int64_t best_child(int64_t i) const;

  const InchwormKeyCodec& codec() const { return *codec_; }
  const RetrogradeStats& stats() const { return stats_; }

 private:
  friend class RetrogradeBuilder;
  friend class RetrogradeFile;  // core/solver/retrograde_file.cpp
  // find()'s table made from keys_ (a solution read from a file), and its
  // entries for `positions` keys (at most 70 % full, as the builder keeps it).
  void index_keys();
  static size_t index_size(size_t positions);
  int64_t find_base(PositionKey key) const;
  static constexpr uint8_t kTerminal = 1, kEndless = 2;
  // A counter layer's entry: bits 0-1 the value + 1, bit 2 terminal, the
  // rest the distance (make_cell refuses one that does not fit).
  static constexpr int kCellDistanceShift = 3;
  static constexpr uint16_t kCellTerminal = 4;
  static constexpr uint32_t kCellMaxDistance = (1u << (16 - kCellDistanceShift)) - 1;
  static uint16_t make_cell(int value, bool terminal, uint32_t distance);
  static int cell_value(uint16_t cell) { return (cell & 3) - 1; }
  static uint32_t cell_distance(uint16_t cell) { return cell >> kCellDistanceShift; }
  static bool cell_terminal(uint16_t cell) { return (cell & kCellTerminal) != 0; }
  int64_t base_index(int64_t i) const { return layers_ ? i % base_size() : i; }
  std::shared_ptr<const InchwormKeyCodec> codec_;
  PagedArray<PositionKey> keys_;
  std::vector<uint32_t> slots_;  // open-addressing table: index + 1, 0 empty
  PagedArray<uint64_t> child_begin_;
  PagedArray<uint32_t> children_;
  PagedArray<int8_t> value_;
  PagedArray<uint32_t> distance_;
  PagedArray<uint8_t> flags_;
  // Counter layers: layer c of base position b at [c * base_size() + b].
  int layers_ = 0;
  PagedArray<uint16_t> cells_;
  // Each base position's sum of scores (a ply that raises it captured).
  PagedArray<uint8_t> score_sum_;
  RetrogradeStats stats_;
};

// Solve every position reachable from `root` (an Inchworm state at a move
// boundary). Throws GameError for a game or rules it cannot key
// (InchwormKeyCodec), for repetition_draw 1, and when the memory limit would
// be exceeded.
RetrogradeSolution solve_retrograde(const State& root, const RetrogradeOptions& options = {},
                                    const RetrogradeProgress& progress = nullptr);
// Every position reachable from any of `roots` (states of one game object,
// so of one set of rules), solved together: the positions they share are
// solved once. Root k is index k of the solution unless an earlier root is
// the same position (find() names it either way).
RetrogradeSolution solve_retrograde(const std::vector<const State*>& roots,
                                    const RetrogradeOptions& options = {},
                                    const RetrogradeProgress& progress = nullptr);

// A move that leads from the position `from` names (as `codec().unpack`
// gives it) to one whose key is `to`'s, in the game's notation.
std::string move_between(const RetrogradeSolution& solution, int64_t from, int64_t to);

// The best line of play from `state` (a position of the solution, in its
// own orientation), at most `max_moves` moves, as the moves are written from
// it: each one reaches the best child (RetrogradeSolution::best_child).
std::vector<std::string> best_line(const RetrogradeSolution& solution, const State& state,
                                   int max_moves);

}  // namespace inchzero::solver
