// Zobrist keys (fixed pseudo-random numbers, built at compile time) for the
// position hash used by repetition detection and the evaluation cache.
#pragma once

#include <cstdint>

#include "core/games/chess/piece.h"

namespace inchzero::chess {

struct ZobristKeys {
  uint64_t consolidated[kNumPieceCodes][64] = {};  // a piece standing on one square
  uint64_t stretched[kNumPieceCodes][64][2] = {};  // a stretched half: [..][square][is origin]
  uint64_t castling[16] = {};
  uint64_t en_passant[64] = {};
  uint64_t double_step[64] = {};  // a pawn that may still make the two-square move
  uint64_t black_to_move = 0;
};

namespace detail {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys z{};
  uint64_t seed = 0x1A2B3C4D5E6F7081ull;  // fixed: hashes are stable across runs
  for (auto& row : z.consolidated)
    for (auto& k : row) k = splitmix64(seed);
  for (auto& row : z.stretched)
    for (auto& sq : row)
      for (auto& k : sq) k = splitmix64(seed);
  for (auto& k : z.castling) k = splitmix64(seed);
  for (auto& k : z.en_passant) k = splitmix64(seed);
  for (auto& k : z.double_step) k = splitmix64(seed);
  z.black_to_move = splitmix64(seed);
  z.castling[0] = 0;  // no rights: the empty position's key is 0
  return z;
}

}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

}  // namespace inchzero::chess
