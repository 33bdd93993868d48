#include "core/solver/inchworm_key.h"

#include <algorithm>

#include "core/game.h"

namespace inchzero::solver {
namespace {

// Bits to hold every value 0..max.
int bits_for(int64_t max) {
  int bits = 0;
  while (max > 0) {
    ++bits;
    max >>= 1;
  }
  return bits;
}

[[noreturn]] void does_not_fit(int64_t value, int width, const char* what) {
  throw GameError(std::string("solve: ") + what + " " + std::to_string(value) +
                  " does not fit the key (" + std::to_string(width) +
                  " bits): a position these rules cannot reach");
}

bool fits(int64_t value, int width) {
  return value >= 0 && (width >= 63 || value < (int64_t{1} << width));
}

// Fields written low bit first; each value checked against its width.
class BitWriter {
 public:
  explicit BitWriter(int at = 0) : at_(at) {}
  void put(int64_t value, int width, const char* what) {
    if (width == 0 && value == 0) return;  // (a shift by 128 would be undefined)
    if (!fits(value, width)) does_not_fit(value, width, what);
    key_ |= static_cast<PositionKey>(value) << at_;
    at_ += width;
  }
  PositionKey key() const { return key_; }

 private:
  PositionKey key_ = 0;
  int at_ = 0;
};

class BitReader {
 public:
  explicit BitReader(PositionKey key) : key_(key) {}
  int get(int width) {
    if (width == 0) return 0;
    const auto value = static_cast<int64_t>((key_ >> at_) & ((PositionKey{1} << width) - 1));
    at_ += width;
    return static_cast<int>(value);
  }

 private:
  PositionKey key_;
  int at_ = 0;
};

}  // namespace

InchwormKeyCodec::InchwormKeyCodec(const inchworm::InchwormGame& game, bool symmetric)
    : game_(game.shared_from_this()),
      symmetric_(symmetric),
      symmetries_(symmetric ? game.geometry().num_symmetries() : 1) {
  const inchworm::Rules& r = game.rules();
  if (r.target_score <= 0)
    throw GameError(
        "solve: inchworm without a target score (target_score 0) has scores without a bound; "
        "the retrograde solver needs target_score > 0");
  cells_ = game.geometry().num_cells();
  const int most_pieces = std::max(r.start_stock[0], r.start_stock[1]);
  // A stack is of one colour, so no taller than that colour's pieces.
  height_bits_ = bits_for(most_pieces);
  stock_bits_ = bits_for(most_pieces);
  // The move that reaches the target can pass it by a whole group, plus the
  // eye points of enclosed space (at most the board).
  score_bits_ = bits_for(r.target_score + r.start_stock[0] + r.start_stock[1] + cells_);
  ply_bits_ = r.max_plies > 0 ? bits_for(r.max_plies) : 0;
  if (r.no_capture_limit > 0)
    since_capture_bits_ = bits_for(r.no_capture_limit + int64_t{r.no_capture_limit_per_piece} *
                                                            (r.start_stock[0] + r.start_stock[1]));
  board_bits_ = cells_ * (1 + height_bits_);
  // Per player: stock, prisoners, score (fields_above_board's order).
  for (int p = 0; p < 2; ++p)
    score_shift_[p] = board_bits_ + p * (2 * stock_bits_ + score_bits_) + 2 * stock_bits_;
  side_bit_ = board_bits_ + 2 * (2 * stock_bits_ + score_bits_);
  total_bits_ = board_bits_ + 2 * stock_bits_ /*stocks*/ + 2 * stock_bits_ /*prisoners*/ +
                2 * score_bits_ + 1 /*side*/ + 2 /*passes*/ + ply_bits_ + since_capture_bits_;
  if (total_bits_ > 128)
    throw GameError("solve: an inchworm position of these rules needs " +
                    std::to_string(total_bits_) +
                    " bits, more than the solver's 128-bit key (a smaller board, stock or "
                    "target_score)");
  const inchworm::Geometry& geometry = game.geometry();
  image_shift_.resize(static_cast<size_t>(geometry.num_symmetries()) * cells_);
  for (int sym = 0; sym < geometry.num_symmetries(); ++sym)
    for (int c = 0; c < cells_; ++c)
      image_shift_[static_cast<size_t>(sym) * cells_ + c] =
          static_cast<uint8_t>(geometry.transform_cell(c, sym) * (1 + height_bits_));
}

PositionKey InchwormKeyCodec::pack(const inchworm::InchwormState& state) const {
  uint32_t codes[inchworm::kMaxCells];
  cell_codes(state, codes);
  const PositionKey rest = fields_above_board(state);
  PositionKey least = board_image(codes, 0);
  for (int sym = 1; sym < symmetries_; ++sym) least = std::min(least, board_image(codes, sym));
  return least | rest;
}

PositionKey InchwormKeyCodec::pack_image(const inchworm::InchwormState& state, int sym) const {
  uint32_t codes[inchworm::kMaxCells];
  cell_codes(state, codes);
  return board_image(codes, sym) | fields_above_board(state);
}

// Each cell's field (owner bit, then height), checked once for every image:
// the images only move the fields.
void InchwormKeyCodec::cell_codes(const inchworm::InchwormState& state, uint32_t* codes) const {
  if (state.in_compound_move()) throw GameError("solve: a key names a move boundary only");
  const inchworm::Position& pos = state.position();
  for (int c = 0; c < cells_; ++c) {
    const int owner = pos.owner(c);
    const int height = owner == inchworm::kEmpty ? 0 : pos.height(c);
    if (!fits(height, height_bits_)) does_not_fit(height, height_bits_, "a stack height");
    codes[c] = (owner == inchworm::kBlue ? 1u : 0u) | static_cast<uint32_t>(height) << 1;
  }
}

// The board of image `sym`: cell c's stack stands on transform_cell(c, sym),
// whose field starts at image_shift_.
PositionKey InchwormKeyCodec::board_image(const uint32_t* codes, int sym) const {
  const uint8_t* shift = &image_shift_[static_cast<size_t>(sym) * cells_];
  if (board_bits_ <= 64) {
    // The small boards the solver holds: 64-bit shifts, much cheaper.
    uint64_t board = 0;
    for (int c = 0; c < cells_; ++c) board |= static_cast<uint64_t>(codes[c]) << shift[c];
    return board;
  }
  PositionKey board = 0;
  for (int c = 0; c < cells_; ++c) board |= static_cast<PositionKey>(codes[c]) << shift[c];
  return board;
}

// Every field but the board's, the same in every image.
PositionKey InchwormKeyCodec::fields_above_board(const inchworm::InchwormState& state) const {
  const inchworm::Position& pos = state.position();
  BitWriter w(board_bits_);
  for (int p = 0; p < 2; ++p) {
    w.put(pos.stock(p), stock_bits_, "a stock");
    w.put(pos.prisoners(p), stock_bits_, "a prisoner count");
    w.put(pos.score(p), score_bits_, "a score");
  }
  w.put(pos.to_move(), 1, "the side to move");
  w.put(state.pass_streak(), 2, "the pass streak");
  w.put(ply_bits_ ? state.ply() : 0, ply_bits_, "the ply");
  w.put(since_capture_bits_ ? state.plies_since_capture() : 0, since_capture_bits_,
        "the plies since a capture");
  return w.key();
}

std::unique_ptr<inchworm::InchwormState> InchwormKeyCodec::unpack(PositionKey key) const {
  BitReader r(key);
  inchworm::Position pos;
  for (int c = 0; c < cells_; ++c) {
    const int owner = r.get(1);
    const int height = r.get(height_bits_);
    if (height > 0) pos.set_stack(c, owner, height);
  }
  for (int p = 0; p < 2; ++p) {
    pos.set_stock(p, r.get(stock_bits_));
    pos.set_prisoners(p, r.get(stock_bits_));
    pos.set_score(p, r.get(score_bits_));
  }
  pos.set_to_move(r.get(1));
  const int passes = r.get(2);
  const int ply = r.get(ply_bits_);
  const int since_capture = r.get(since_capture_bits_);
  return std::make_unique<inchworm::InchwormState>(game_, pos, ply, since_capture, passes);
}

int InchwormKeyCodec::score(PositionKey key, int player) const {
  return static_cast<int>((key >> score_shift_[player]) & ((PositionKey{1} << score_bits_) - 1));
}

int InchwormKeyCodec::pieces_on_board(PositionKey key) const {
  BitReader r(key);
  int pieces = 0;
  for (int c = 0; c < cells_; ++c) {
    r.get(1);
    pieces += r.get(height_bits_);
  }
  return pieces;
}

int InchwormKeyCodec::since_capture(PositionKey key) const {
  if (since_capture_bits_ == 0) return 0;
  return static_cast<int>(key >> (total_bits_ - since_capture_bits_));
}

PositionKey InchwormKeyCodec::with_since_capture(PositionKey key, int count) const {
  if (since_capture_bits_ == 0) {
    if (count != 0) does_not_fit(count, 0, "the plies since a capture");
    return key;
  }
  const int shift = total_bits_ - since_capture_bits_;
  if (!fits(count, since_capture_bits_))
    does_not_fit(count, since_capture_bits_, "the plies since a capture");
  return (key & ((PositionKey{1} << shift) - 1)) | static_cast<PositionKey>(count) << shift;
}

std::string key_text(PositionKey key) {
  static const char kHex[] = "0123456789abcdef";
  std::string text(32, '0');
  for (int i = 31; i >= 0; --i, key >>= 4) text[i] = kHex[static_cast<int>(key & 15)];
  return text;
}

}  // namespace inchzero::solver
