// A chess position of FIDE, Inchworm or Long Worm Chess: which piece stands
// where (a stretched piece stands on two squares), castling rights, the en
// passant square, the move-rule clock and the Zobrist key. Plain data with
// value semantics: search copies it and applies a move to the copy.
#pragma once

#include <array>
#include <cstdint>

#include "core/games/chess/attacks.h"
#include "core/games/chess/bitboard.h"
#include "core/games/chess/move.h"
#include "core/games/chess/piece.h"
#include "core/games/chess/variant.h"

namespace inchzero::chess {

// Castling right bits (FEN K, Q, k, q).
enum CastlingRight : uint8_t {
  kWhiteKingSide = 1,
  kWhiteQueenSide = 2,
  kBlackKingSide = 4,
  kBlackQueenSide = 8,
};
constexpr uint8_t castling_right(Color c, bool king_side) {
  return static_cast<uint8_t>((king_side ? 1 : 2) << (2 * c));
}

struct Position {
  std::array<Piece, 64> board{};  // every occupied square; a stretched piece on both of its squares
  std::array<uint8_t, 64> partner{};  // for a stretched half: its other square; else kNoSquare
  Bitboard by_color[2] = {};          // every square a colour occupies (stretched halves included)
  Bitboard by_kind[kNumKinds] = {};   // consolidated pieces only (only they attack), both colours
  Bitboard kings = 0;                 // every square a king occupies (two when stretched)
  Bitboard stretched = 0;             // both halves of every stretched piece
  Bitboard origins = 0;               // the half each stretched piece stretched from
  Bitboard double_step = 0;           // consolidated pawns that may still move two squares
  uint8_t castling = 0;               // CastlingRight bits
  uint8_t ep_square = kNoSquare;      // set only when an enemy pawn could capture there
  Color side = kWhite;
  uint16_t halfmove_clock = 0;  // plies since the last capture or pawn advance
  uint16_t fullmove = 1;
  uint64_t key = 0;  // Zobrist key of everything above except the clocks

  Position() { partner.fill(kNoSquare); }

  Bitboard occupied() const { return by_color[kWhite] | by_color[kBlack]; }
  // Consolidated pieces of colour c and kind k.
  Bitboard pieces(Color c, Kind k) const { return by_kind[k] & by_color[c]; }
  Bitboard king_squares(Color c) const { return kings & by_color[c]; }
  bool is_stretched(Square s) const { return (stretched >> s) & 1; }

  // Consolidated pieces of colour `by` that attack s, with lines blocked by
  // `occupied` (stretched halves block lines but never attack).
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const;
  Bitboard attackers_to(Square s, Color by) const { return attackers_to(s, by, occupied()); }
  // Check: the king of c, or either half of its stretched king, is attacked.
  bool in_check(Color c) const;

  // Apply a pseudo-legal move of the side to move (see movegen.h) under the
  // rules of `variant`. Legality (king safety) is the caller's business.
  void apply(const ChessMove& move, const Variant& variant);

  // ---- Setup (used by FEN parsing; each keeps `key` up to date) ----
  void put_consolidated(Square s, Piece p);
  void put_stretched(Square origin, Square target, Piece p);
  void set_castling(uint8_t rights);
  void set_en_passant(Square s);  // kNoSquare clears
  void set_side(Color c);
  void set_double_step(Square s, bool allowed);
  // The key recomputed from scratch (equals `key` when everything is consistent).
  uint64_t compute_key() const;

 private:
  void remove_consolidated(Square s);
  void remove_stretched(Square origin, Square target);
  // Remove whatever stands on s for a capture (a stretched piece whole, or in
  // Long Worm Chess leaving its other half as a half piece).
  void capture_at(Square s, const Variant& variant);
  // After a two-square pawn move to `to`: allow e.p. on the skipped square if
  // it is empty and an enemy consolidated pawn could capture there.
  void offer_en_passant(Square from, Square to, Color mover);
  void apply_direct(const ChessMove& m, Square old_ep, const Variant& variant);
  void apply_stretch(const ChessMove& m, Square old_ep, const Variant& variant);
  void apply_consolidation(const ChessMove& m);
};

}  // namespace inchzero::chess
