// The material state of an Inchworm game at one moment: the stacks on the
// board, both stocks, prisoners and scores, and the side to move — exactly
// the "full state" that repetition compares. It keeps a Zobrist-style hash of
// all of it up to date on every change, so repetition checks cost nothing
// extra. Plain value type (no allocation); copying it is a memcpy.
#pragma once

#include <cstdint>

#include "core/games/inchworm/bitboard.h"

namespace inchzero::inchworm {

constexpr int kRed = 0, kBlue = 1;
constexpr int kEmpty = -1;

class Position {
 public:
  Position() = default;

  // ---- Board ----
  // Owner (kRed, kBlue) of the stack on c, or kEmpty.
  int owner(int c) const { return occ_[0].test(c) ? kRed : occ_[1].test(c) ? kBlue : kEmpty; }
  int height(int c) const { return height_[c]; }
  // Cells holding a stack of `player`.
  const Bits& stacks(int player) const { return occ_[player]; }
  Bits occupied() const { return occ_[0] | occ_[1]; }
  // Place a stack (height >= 1) of `player` on c, replacing whatever was there.
  void set_stack(int c, int player, int height);
  // Empty c.
  void clear(int c);
  // Pieces of `player` on the board (sum of heights).
  int pieces_on_board(int player) const;

  // ---- Counters (each also in the hash) ----
  int stock(int p) const { return stock_[p]; }
  // Prisoners held by p: pieces of the other colour that p captured.
  int prisoners(int p) const { return prisoners_[p]; }
  int score(int p) const { return score_[p]; }
  int to_move() const { return to_move_; }
  void set_stock(int p, int v) { set_counter(stock_, 0, p, v); }
  void set_prisoners(int p, int v) { set_counter(prisoners_, 1, p, v); }
  void set_score(int p, int v) { set_counter(score_, 2, p, v); }
  void set_to_move(int p);

  // Hash of board, stocks, prisoners, scores and side to move.
  uint64_t hash() const { return hash_; }

  bool operator==(const Position& o) const;
  bool operator!=(const Position& o) const { return !(*this == o); }

 private:
  void set_counter(int* field, int kind, int p, int v);

  Bits occ_[2];
  uint16_t height_[kMaxCells] = {};
  int stock_[2] = {0, 0};
  int prisoners_[2] = {0, 0};
  int score_[2] = {0, 0};
  int to_move_ = kRed;
  uint64_t hash_ = 0;
};

// A well-mixed 64-bit function of x (splitmix64 finaliser); the hash keys.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace inchzero::inchworm
