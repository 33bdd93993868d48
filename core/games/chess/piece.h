// Colours, piece kinds and the one-byte piece code stored on the board.
// Besides the six FIDE kinds there are the four half pieces of Long Worm
// Chess (docs/rules/longworm-chess.md): what remains of a stretched knight,
// bishop, rook or queen when one of its halves is captured.
#pragma once

#include <cstdint>

namespace inchzero::chess {

enum Color : uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return static_cast<Color>(c ^ 1); }

enum Kind : uint8_t {
  kPawn,
  kKnight,
  kBishop,
  kRook,
  kQueen,
  kKing,
  kHalfKnight,  // the Crab: narrow knight forward, wide knight backward
  kHalfBishop,  // absolute halflings: at most half (rounded up) of the way to the edge
  kHalfRook,
  kHalfQueen,
};
constexpr int kNumKinds = 10;
constexpr int kNumFullKinds = 6;  // pawn .. king: the pieces that can stretch

constexpr bool is_half(Kind k) { return k >= kHalfKnight; }
// The half piece left when one half of a stretched `k` is captured
// (knight, bishop, rook, queen only: a pawn dies whole, a king cannot be cut).
constexpr Kind half_of(Kind k) { return static_cast<Kind>(k - kKnight + kHalfKnight); }
constexpr bool can_be_halved(Kind k) { return k >= kKnight && k <= kQueen; }
// The FIDE piece a half piece is half of (its letter in notation).
constexpr Kind whole_of(Kind k) {
  return is_half(k) ? static_cast<Kind>(k - kHalfKnight + kKnight) : k;
}

// Board byte: 0 = empty, else colour in bit 4 and kind + 1 in the low bits.
using Piece = uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(Color c, Kind k) { return static_cast<Piece>((c << 4) | (k + 1)); }
constexpr Color piece_color(Piece p) { return static_cast<Color>(p >> 4); }
constexpr Kind piece_kind(Piece p) { return static_cast<Kind>((p & 15) - 1); }
constexpr int kNumPieceCodes = 32;

// FEN letter of a FIDE kind (upper case for White); half pieces use the
// letter of their whole piece (the FEN writer adds the '*' marker).
constexpr char piece_letter(Color c, Kind k) {
  constexpr const char* kLetters = "pnbrqk";
  char l = kLetters[whole_of(k)];
  return c == kWhite ? static_cast<char>(l - 'a' + 'A') : l;
}

}  // namespace inchzero::chess
