#include "core/games/chess/position.h"

#include <cassert>
#include <cstdlib>

#include "core/games/chess/zobrist.h"

namespace inchzero::chess {
namespace {

// Castling rights that survive a move from or to each square: a king or rook
// leaving its start square, or a rook captured there, spends the right.
constexpr std::array<uint8_t, 64> make_castling_masks() {
  std::array<uint8_t, 64> m{};
  for (auto& x : m) x = 15;
  m[make_square(0, 0)] = static_cast<uint8_t>(15 & ~kWhiteQueenSide);
  m[make_square(7, 0)] = static_cast<uint8_t>(15 & ~kWhiteKingSide);
  m[make_square(4, 0)] = static_cast<uint8_t>(15 & ~(kWhiteKingSide | kWhiteQueenSide));
  m[make_square(0, 7)] = static_cast<uint8_t>(15 & ~kBlackQueenSide);
  m[make_square(7, 7)] = static_cast<uint8_t>(15 & ~kBlackKingSide);
  m[make_square(4, 7)] = static_cast<uint8_t>(15 & ~(kBlackKingSide | kBlackQueenSide));
  return m;
}
constexpr std::array<uint8_t, 64> kCastlingMask = make_castling_masks();

bool is_castling_step(Kind k, Square from, Square to) {
  return k == kKing && std::abs(to - from) == 2;
}

}  // namespace

Bitboard Position::attackers_to(Square s, Color by, Bitboard occ) const {
  const Bitboard mine = by_color[by];
  Bitboard diagonal = by_kind[kBishop] | by_kind[kQueen] |
                      ((by_kind[kHalfBishop] | by_kind[kHalfQueen]) & kAttacks.half_bishop_from[s]);
  Bitboard straight = by_kind[kRook] | by_kind[kQueen] |
                      ((by_kind[kHalfRook] | by_kind[kHalfQueen]) & kAttacks.half_rook_from[s]);
  Bitboard a = (kAttacks.pawn[~by][s] & by_kind[kPawn]) | (kAttacks.knight[s] & by_kind[kKnight]) |
               (kAttacks.king[s] & by_kind[kKing]) |
               (kAttacks.crab_from[by][s] & by_kind[kHalfKnight]);
  if (diagonal & mine) a |= bishop_attacks(s, occ) & diagonal;
  if (straight & mine) a |= rook_attacks(s, occ) & straight;
  return a & mine;
}

bool Position::in_check(Color c) const {
  const Bitboard occ = occupied();
  for (Bitboard k = king_squares(c); k;)
    if (attackers_to(pop_lsb(k), ~c, occ)) return true;
  return false;
}

// ---- Placement primitives (each keeps the key in step) ----

void Position::put_consolidated(Square s, Piece p) {
  board[s] = p;
  by_color[piece_color(p)] |= bit(s);
  by_kind[piece_kind(p)] |= bit(s);
  if (piece_kind(p) == kKing) kings |= bit(s);
  key ^= kZobrist.consolidated[p][s];
}

void Position::remove_consolidated(Square s) {
  Piece p = board[s];
  board[s] = kNoPiece;
  by_color[piece_color(p)] &= ~bit(s);
  by_kind[piece_kind(p)] &= ~bit(s);
  kings &= ~bit(s);
  key ^= kZobrist.consolidated[p][s];
  if (double_step & bit(s)) set_double_step(s, false);
}

void Position::put_stretched(Square origin, Square target, Piece p) {
  const Bitboard both = bit(origin) | bit(target);
  board[origin] = board[target] = p;
  partner[origin] = static_cast<uint8_t>(target);
  partner[target] = static_cast<uint8_t>(origin);
  by_color[piece_color(p)] |= both;
  stretched |= both;
  origins |= bit(origin);
  if (piece_kind(p) == kKing) kings |= both;
  key ^= kZobrist.stretched[p][origin][1] ^ kZobrist.stretched[p][target][0];
}

void Position::remove_stretched(Square origin, Square target) {
  const Bitboard both = bit(origin) | bit(target);
  const Piece p = board[origin];
  board[origin] = board[target] = kNoPiece;
  partner[origin] = partner[target] = kNoSquare;
  by_color[piece_color(p)] &= ~both;
  stretched &= ~both;
  origins &= ~bit(origin);
  kings &= ~both;
  key ^= kZobrist.stretched[p][origin][1] ^ kZobrist.stretched[p][target][0];
}

void Position::set_castling(uint8_t rights) {
  key ^= kZobrist.castling[castling] ^ kZobrist.castling[rights];
  castling = rights;
}

void Position::set_en_passant(Square s) {
  if (ep_square != kNoSquare) key ^= kZobrist.en_passant[ep_square];
  ep_square = static_cast<uint8_t>(s);
  if (ep_square != kNoSquare) key ^= kZobrist.en_passant[ep_square];
}

void Position::set_side(Color c) {
  if (c != side) key ^= kZobrist.black_to_move;
  side = c;
}

void Position::set_double_step(Square s, bool allowed) {
  if (((double_step >> s) & 1) == static_cast<Bitboard>(allowed)) return;
  double_step ^= bit(s);
  key ^= kZobrist.double_step[s];
}

uint64_t Position::compute_key() const {
  uint64_t k = 0;
  for (Square s = 0; s < 64; ++s) {
    if (!board[s]) continue;
    if (is_stretched(s))
      k ^= kZobrist.stretched[board[s]][s][(origins >> s) & 1];
    else
      k ^= kZobrist.consolidated[board[s]][s];
    if ((double_step >> s) & 1) k ^= kZobrist.double_step[s];
  }
  k ^= kZobrist.castling[castling];
  if (ep_square != kNoSquare) k ^= kZobrist.en_passant[ep_square];
  if (side == kBlack) k ^= kZobrist.black_to_move;
  return k;
}

// ---- Making moves ----

void Position::capture_at(Square s, const Variant& variant) {
  if (!is_stretched(s)) {
    remove_consolidated(s);
    return;
  }
  // A stretched piece is captured whole when either square is captured; in
  // Long Worm Chess the other half stays on as a half piece (a pawn dies
  // whole; a king half cannot be captured because that king would have been
  // left in check, which the legality rule forbids).
  const Piece p = board[s];
  const Square other = partner[s];
  const bool s_is_origin = (origins >> s) & 1;
  remove_stretched(s_is_origin ? s : other, s_is_origin ? other : s);
  assert(piece_kind(p) != kKing);
  if (variant.long_worm && can_be_halved(piece_kind(p)))
    put_consolidated(other, make_piece(piece_color(p), half_of(piece_kind(p))));
}

void Position::offer_en_passant(Square from, Square to, Color mover) {
  const Square skipped = (from + to) / 2;
  if (board[skipped] == kNoPiece && (kAttacks.pawn[mover][skipped] & pieces(~mover, kPawn)))
    set_en_passant(skipped);
}

void Position::apply(const ChessMove& m, const Variant& variant) {
  const Square old_ep = ep_square;
  const uint8_t old_castling = castling;
  const Color mover = side;
  set_en_passant(kNoSquare);
  ++halfmove_clock;
  switch (m.type) {
    case MoveType::kDirect:
      apply_direct(m, old_ep, variant);
      break;
    case MoveType::kStretch:
      apply_stretch(m, old_ep, variant);
      break;
    case MoveType::kConsolidate:
      apply_consolidation(m);
      break;
  }
  if (castling != old_castling) {
    key ^= kZobrist.castling[old_castling] ^ kZobrist.castling[castling];
  }
  set_side(~mover);
  if (mover == kBlack) ++fullmove;
}

void Position::apply_direct(const ChessMove& m, Square old_ep, const Variant& variant) {
  const Square from = m.from, to = m.to;
  const Piece p = board[from];
  const Color us = piece_color(p);
  const Kind k = piece_kind(p);
  // 1. Captures: on the target, or the pawn passed by an e.p. capture.
  if (k == kPawn && to == old_ep) {
    remove_consolidated(us == kWhite ? to - 8 : to + 8);
    halfmove_clock = 0;
  }
  if (board[to]) {
    capture_at(to, variant);
    halfmove_clock = 0;
  }
  // 2. The piece itself (promoted on the last rank).
  remove_consolidated(from);
  put_consolidated(
      to, make_piece(us, m.promotion != kNoPromotion ? static_cast<Kind>(m.promotion) : k));
  // 3. Side effects: pawn advance, castling rook, rights.
  if (k == kPawn) {
    halfmove_clock = 0;
    if (std::abs(to - from) == 16) offer_en_passant(from, to, us);
  }
  if (is_castling_step(k, from, to)) {
    const bool king_side = to > from;
    const Square rook_from = king_side ? from + 3 : from - 4;
    const Piece rook = board[rook_from];
    remove_consolidated(rook_from);
    put_consolidated((from + to) / 2, rook);
  }
  castling &= kCastlingMask[from] & kCastlingMask[to];
}

void Position::apply_stretch(const ChessMove& m, Square old_ep, const Variant& variant) {
  const Square from = m.from, to = m.to;
  const Piece p = board[from];
  const Color us = piece_color(p);
  const Kind k = piece_kind(p);
  // 1. Captures, as for a direct move.
  if (k == kPawn && to == old_ep) {
    remove_consolidated(us == kWhite ? to - 8 : to + 8);
    halfmove_clock = 0;
  }
  if (board[to]) {
    capture_at(to, variant);
    halfmove_clock = 0;
  }
  // 2. The piece now stands on both squares.
  remove_consolidated(from);
  put_stretched(from, to, p);
  // 3. Rights: a castling stretch keeps its own side's right pending until
  //    the king consolidates (docs/rules/inchworm-chess.md); any other king
  //    or rook stretch spends the rights as in FIDE chess.
  if (is_castling_step(k, from, to))
    castling &= static_cast<uint8_t>(~castling_right(us, /*king_side=*/to < from));
  else
    castling &= kCastlingMask[from];
  castling &= kCastlingMask[to];
}

void Position::apply_consolidation(const ChessMove& m) {
  const Square onto = m.to, left = m.from;
  const Piece p = board[onto];
  const Color us = piece_color(p);
  const Kind k = piece_kind(p);
  const bool onto_origin = (origins >> onto) & 1;
  const Square origin = onto_origin ? onto : left, target = onto_origin ? left : onto;
  remove_stretched(origin, target);
  Kind placed = k;
  if (k == kPawn && !onto_origin) {
    // A pawn advance: irreversible, so it resets the move-rule clock.
    halfmove_clock = 0;
    if (m.promotion != kNoPromotion) placed = static_cast<Kind>(m.promotion);
  }
  put_consolidated(onto, make_piece(us, placed));
  if (k == kPawn && !onto_origin && std::abs(target - origin) == 16)
    offer_en_passant(origin, target, us);
  if (is_castling_step(k, origin, target)) {
    // The castling completes (the rook moves) when the king consolidates on
    // its target; consolidating back cancels it. Either way the right is spent.
    const bool king_side = target > origin;
    if (!onto_origin) {
      const Square rook_from = king_side ? origin + 3 : origin - 4;
      const Piece rook = board[rook_from];
      remove_consolidated(rook_from);
      put_consolidated((origin + target) / 2, rook);
    }
    castling &= static_cast<uint8_t>(~castling_right(us, king_side));
  }
}

}  // namespace inchzero::chess
