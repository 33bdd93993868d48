// Bitboards and squares of the 8x8 chess board: a1 = 0, b1 = 1, ..., h8 = 63
// (little-endian rank-file mapping), so "north" (toward Black) is +8.
#pragma once

#include <cstdint>
#include <string>

namespace inchzero::chess {

using Bitboard = uint64_t;
using Square = int;

constexpr Square kNoSquare = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
constexpr Bitboard rank_bb(int rank) { return Bitboard{0xFF} << (8 * rank); }
constexpr Bitboard file_bb(int file) { return Bitboard{0x0101010101010101} << file; }

inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
// Lowest / highest set square; b must not be empty.
inline Square lsb(Bitboard b) { return __builtin_ctzll(b); }
inline Square msb(Bitboard b) { return 63 - __builtin_clzll(b); }
// Remove and return the lowest set square; b must not be empty.
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// "e4" for square 28.
inline std::string square_name(Square s) {
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}
// The square named by text[pos], text[pos+1] ("e4"), or kNoSquare if those two
// characters are not a square name (or the text is too short).
inline Square parse_square(const std::string& text, size_t pos = 0) {
  if (pos + 2 > text.size()) return kNoSquare;
  char f = text[pos], r = text[pos + 1];
  if (f < 'a' || f > 'h' || r < '1' || r > '8') return kNoSquare;
  return make_square(f - 'a', r - '1');
}

}  // namespace inchzero::chess
