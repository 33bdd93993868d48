// Attack tables of every piece kind, built at compile time, and sliding
// attacks by the classical ray method (first blocker found by a bit scan).
// "Attacks" are the squares a piece could capture on; a piece attacks a
// square even if it holds a piece of its own colour (callers mask that).
#pragma once

#include "core/games/chess/bitboard.h"
#include "core/games/chess/piece.h"

namespace inchzero::chess {

// Ray directions. The first four increase the square index (the first
// blocker is the lowest set bit), the last four decrease it (highest bit).
enum Direction { kNorth, kNorthEast, kEast, kNorthWest, kSouth, kSouthWest, kWest, kSouthEast };

struct AttackTables {
  Bitboard knight[64] = {};
  Bitboard king[64] = {};
  Bitboard pawn[2][64] = {};       // squares a pawn of that colour captures on
  Bitboard crab[2][64] = {};       // squares a half knight (Crab) of that colour attacks
  Bitboard crab_from[2][64] = {};  // squares from which a Crab of that colour attacks the square
  Bitboard ray[8][64] = {};        // every square in a direction up to the edge
  // Absolute halflings: in each direction at most ceil(n / 2) squares, n being
  // the distance to the edge from the piece's square.
  Bitboard half_rook_reach[64] = {};
  Bitboard half_bishop_reach[64] = {};
  Bitboard half_rook_from[64] = {};    // squares from which a half rook can reach the square
  Bitboard half_bishop_from[64] = {};  // same for a half bishop
  Bitboard between[64][64] = {};  // squares strictly between two squares on a line (else empty)
  Bitboard line[64][64] = {};     // the whole line through two aligned squares (else empty)
};

namespace detail {

constexpr int kDirFile[8] = {0, 1, 1, -1, 0, -1, -1, 1};
constexpr int kDirRank[8] = {1, 1, 0, 1, -1, -1, 0, -1};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

// The squares reached from s by the (df, dr) jumps in `jumps`.
template <int N>
constexpr Bitboard leaper(Square s, const int (&jumps)[N][2]) {
  Bitboard b = 0;
  for (int i = 0; i < N; ++i) {
    int f = file_of(s) + jumps[i][0], r = rank_of(s) + jumps[i][1];
    if (on_board(f, r)) b |= bit(make_square(f, r));
  }
  return b;
}

constexpr AttackTables make_attack_tables() {
  constexpr int kKnightJumps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                      {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int kKingSteps[8][2] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                    {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  constexpr int kWhitePawn[2][2] = {{-1, 1}, {1, 1}};
  constexpr int kBlackPawn[2][2] = {{-1, -1}, {1, -1}};
  // The Crab: narrow knight moves forward, wide knight moves backward.
  constexpr int kWhiteCrab[4][2] = {{-1, 2}, {1, 2}, {-2, -1}, {2, -1}};
  constexpr int kBlackCrab[4][2] = {{-1, -2}, {1, -2}, {-2, 1}, {2, 1}};
  AttackTables t{};
  for (Square s = 0; s < 64; ++s) {
    t.knight[s] = leaper(s, kKnightJumps);
    t.king[s] = leaper(s, kKingSteps);
    t.pawn[kWhite][s] = leaper(s, kWhitePawn);
    t.pawn[kBlack][s] = leaper(s, kBlackPawn);
    t.crab[kWhite][s] = leaper(s, kWhiteCrab);
    t.crab[kBlack][s] = leaper(s, kBlackCrab);
    for (int d = 0; d < 8; ++d) {
      int n = 0;  // distance to the edge in direction d
      for (int f = file_of(s) + kDirFile[d], r = rank_of(s) + kDirRank[d]; on_board(f, r);
           f += kDirFile[d], r += kDirRank[d]) {
        t.ray[d][s] |= bit(make_square(f, r));
        ++n;
      }
      const int range = (n + 1) / 2;
      Bitboard reach = 0;
      for (int k = 1; k <= range; ++k)
        reach |= bit(make_square(file_of(s) + k * kDirFile[d], rank_of(s) + k * kDirRank[d]));
      bool orthogonal = kDirFile[d] == 0 || kDirRank[d] == 0;
      (orthogonal ? t.half_rook_reach[s] : t.half_bishop_reach[s]) |= reach;
    }
  }
  for (Square a = 0; a < 64; ++a) {
    for (int d = 0; d < 8; ++d) {
      const int opposite = (d + 4) % 8;
      for (Bitboard rest = t.ray[d][a]; rest; rest &= rest - 1) {
        const Square b = __builtin_ctzll(rest);
        t.between[a][b] = t.ray[d][a] & ~t.ray[d][b] & ~bit(b);
        t.line[a][b] = t.ray[d][a] | t.ray[opposite][a] | bit(a);
      }
    }
  }
  for (Square from = 0; from < 64; ++from) {
    for (Square to = 0; to < 64; ++to) {
      for (int c = 0; c < 2; ++c)
        if (t.crab[c][from] & bit(to)) t.crab_from[c][to] |= bit(from);
      if (t.half_rook_reach[from] & bit(to)) t.half_rook_from[to] |= bit(from);
      if (t.half_bishop_reach[from] & bit(to)) t.half_bishop_from[to] |= bit(from);
    }
  }
  return t;
}

}  // namespace detail

inline constexpr AttackTables kAttacks = detail::make_attack_tables();

// Squares attacked along direction d from s, up to and including the first
// occupied square.
inline Bitboard ray_attacks(int d, Square s, Bitboard occupied) {
  Bitboard a = kAttacks.ray[d][s];
  Bitboard blockers = a & occupied;
  if (blockers) a ^= kAttacks.ray[d][d < 4 ? lsb(blockers) : msb(blockers)];
  return a;
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  return ray_attacks(kNorth, s, occupied) | ray_attacks(kEast, s, occupied) |
         ray_attacks(kSouth, s, occupied) | ray_attacks(kWest, s, occupied);
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return ray_attacks(kNorthEast, s, occupied) | ray_attacks(kNorthWest, s, occupied) |
         ray_attacks(kSouthEast, s, occupied) | ray_attacks(kSouthWest, s, occupied);
}

// Attacks of a consolidated piece of colour c and kind k on s.
inline Bitboard piece_attacks(Color c, Kind k, Square s, Bitboard occupied) {
  switch (k) {
    case kPawn:
      return kAttacks.pawn[c][s];
    case kKnight:
      return kAttacks.knight[s];
    case kBishop:
      return bishop_attacks(s, occupied);
    case kRook:
      return rook_attacks(s, occupied);
    case kQueen:
      return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
    case kKing:
      return kAttacks.king[s];
    case kHalfKnight:
      return kAttacks.crab[c][s];
    case kHalfBishop:
      return bishop_attacks(s, occupied) & kAttacks.half_bishop_reach[s];
    case kHalfRook:
      return rook_attacks(s, occupied) & kAttacks.half_rook_reach[s];
    case kHalfQueen:
      return (bishop_attacks(s, occupied) & kAttacks.half_bishop_reach[s]) |
             (rook_attacks(s, occupied) & kAttacks.half_rook_reach[s]);
  }
  return 0;
}

}  // namespace inchzero::chess
