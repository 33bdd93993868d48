// An Inchworm position at a move boundary as one 128-bit integer: the key of
// the retrograde solver (core/solver/retrograde.h). Every field has a fixed
// width derived from the rules (the board's cells, the stocks, the target),
// so a key costs 16 bytes where the position notation costs 200-250, and
// equal positions have equal keys. The counters are in the key only when a
// rule in force reads them: the ply with max_plies, the plies since the last
// capture with no_capture_limit; the pass streak always (two passes end the
// game).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::solver {

// __extension__: a GCC and Clang type that -Wpedantic would flag.
__extension__ typedef unsigned __int128 PositionKey;

class InchwormKeyCodec {
 public:
  // Throws GameError when the rules cannot be keyed: scores without a
  // bound (target_score 0), or more than 128 bits in all. With `symmetric`,
  // pack() names a position and its images under the board's symmetries
  // (Geometry::num_symmetries: those that keep the topology, so the rules
  // treat an image as they treat the position) by one key.
  InchwormKeyCodec(const inchworm::InchwormGame& game, bool symmetric);

  // The key of `state`, which must be at a move boundary: with `symmetric`
  // the least key of its images. Throws GameError when a field exceeds its
  // width (a position these rules cannot reach).
  PositionKey pack(const inchworm::InchwormState& state) const;
  // The key of the image of `state` under symmetry `sym` (0: itself).
  PositionKey pack_image(const inchworm::InchwormState& state, int sym) const;
  // The state a key names (its repetition history starts with it).
  std::unique_ptr<inchworm::InchwormState> unpack(PositionKey key) const;

  // The player to move in the position `key` names.
  int side(PositionKey key) const { return static_cast<int>((key >> side_bit_) & 1); }
  // The score of `player` in the position `key` names.
  int score(PositionKey key, int player) const;
  // Pieces on the board, both colours (no_capture_limit_per_piece reads them).
  int pieces_on_board(PositionKey key) const;
  // The plies since a capture (0 when the key does not hold them), and the
  // key with that field set to `count` (0 clears it). The field is the
  // highest in the key, so a key with it cleared orders and hashes like a
  // key of the rules without the limit.
  int since_capture(PositionKey key) const;
  PositionKey with_since_capture(PositionKey key, int count) const;

  // Bits a key uses.
  int bits() const { return total_bits_; }
  // The ply is part of the key (max_plies is on).
  bool keys_ply() const { return ply_bits_ > 0; }
  // Made with `symmetric` (whether or not the board has symmetries).
  bool symmetric() const { return symmetric_; }
  const inchworm::InchwormGame& game() const { return *game_; }

 private:
  void cell_codes(const inchworm::InchwormState& state, uint32_t* codes) const;
  PositionKey board_image(const uint32_t* codes, int sym) const;
  PositionKey fields_above_board(const inchworm::InchwormState& state) const;

  std::shared_ptr<const inchworm::InchwormGame> game_;
  int cells_ = 0;
  int height_bits_ = 0, stock_bits_ = 0, score_bits_ = 0;
  int board_bits_ = 0;  // the cells' fields, lowest in the key
  int ply_bits_ = 0, since_capture_bits_ = 0;
  int score_shift_[2] = {0, 0};
  bool symmetric_ = false;
  int symmetries_ = 1;  // images pack() compares
  int side_bit_ = 0;
  int total_bits_ = 0;
  // Where cell c's field starts in image sym: [sym * cells_ + c].
  std::vector<uint8_t> image_shift_;
};

// Hex text of a key (32 digits), for messages and files.
std::string key_text(PositionKey key);

}  // namespace inchzero::solver
