#include "core/games/chess/movegen.h"

#include <algorithm>
#include <cstdlib>

namespace inchzero::chess {
namespace {

constexpr uint8_t kPromotionKinds[4] = {kQueen, kRook, kBishop, kKnight};

// A pawn's move onto `to`: in FIDE chess reaching the last rank is a
// promotion (four moves); in Inchworm Chess the promotion waits for the
// consolidation, so the stretch is a single move.
void push_pawn_move(MoveList& list, Square from, Square to, MoveType type) {
  if (type == MoveType::kDirect && (rank_of(to) == 0 || rank_of(to) == 7)) {
    for (uint8_t k : kPromotionKinds) list.push(from, to, type, k);
  } else {
    list.push(from, to, type);
  }
}

void generate_pawn_moves(const Position& pos, MoveType type, MoveList& list) {
  const Color us = pos.side;
  const Bitboard occ = pos.occupied(), enemies = pos.by_color[~us];
  const int up = us == kWhite ? 8 : -8;
  for (Bitboard pawns = pos.pieces(us, kPawn); pawns;) {
    const Square from = pop_lsb(pawns);
    const Square one = from + up;
    if (!(occ & bit(one))) {
      push_pawn_move(list, from, one, type);
      const Square two = one + up;
      if ((pos.double_step & bit(from)) && !(occ & bit(two))) list.push(from, two, type);
    }
    for (Bitboard caps = kAttacks.pawn[us][from] & enemies; caps;)
      push_pawn_move(list, from, pop_lsb(caps), type);
    if (pos.ep_square != kNoSquare && (kAttacks.pawn[us][from] & bit(pos.ep_square)))
      list.push(from, pos.ep_square, type);
  }
}

// Castling under the FIDE conditions: the right, an empty path between king
// and rook, and the king neither in check nor crossing nor landing on an
// attacked square. In Inchworm Chess this is the king's two-square stretch.
void generate_castling(const Position& pos, MoveType type, MoveList& list) {
  const Color us = pos.side;
  const Square king = make_square(4, us == kWhite ? 0 : 7);
  if (!(pos.castling & (castling_right(us, true) | castling_right(us, false)))) return;
  if (!(pos.pieces(us, kKing) & bit(king))) return;
  const Bitboard occ = pos.occupied();
  if (pos.attackers_to(king, ~us, occ)) return;
  for (bool king_side : {true, false}) {
    if (!(pos.castling & castling_right(us, king_side))) continue;
    const Square rook = king_side ? king + 3 : king - 4;
    if (!(pos.pieces(us, kRook) & bit(rook))) continue;
    Bitboard between = 0;
    for (Square s = std::min(king, rook) + 1; s < std::max(king, rook); ++s) between |= bit(s);
    if (occ & between) continue;
    const int step = king_side ? 1 : -1;
    if (pos.attackers_to(king + step, ~us, occ) || pos.attackers_to(king + 2 * step, ~us, occ))
      continue;
    list.push(king, king + 2 * step, type);
  }
}

// The two consolidations of every stretched piece of the mover (the advance
// of a pawn onto the last rank is four moves, one per promotion piece; the
// advance of a castling king needs the right still pending and the rook's
// path free).
void generate_consolidations(const Position& pos, MoveList& list) {
  const Color us = pos.side;
  for (Bitboard o = pos.origins & pos.by_color[us]; o;) {
    const Square origin = pop_lsb(o), target = pos.partner[origin];
    const Kind k = piece_kind(pos.board[origin]);
    list.push(target, origin, MoveType::kConsolidate);  // the retreat
    if (k == kPawn && (rank_of(target) == 0 || rank_of(target) == 7)) {
      for (uint8_t promo : kPromotionKinds)
        list.push(origin, target, MoveType::kConsolidate, promo);
    } else if (k == kKing && std::abs(target - origin) == 2) {
      const bool king_side = target > origin;
      const Square rook = king_side ? origin + 3 : origin - 4;
      const Square rook_to = (origin + target) / 2;
      const Bitboard path = king_side ? bit(rook_to) : bit(rook_to) | bit(rook + 1);
      if ((pos.castling & castling_right(us, king_side)) && (pos.pieces(us, kRook) & bit(rook)) &&
          !(pos.occupied() & path))
        list.push(origin, target, MoveType::kConsolidate);
    } else {
      list.push(origin, target, MoveType::kConsolidate);
    }
  }
}

// What the legality test needs to know once per position, so that most
// moves are judged without applying them.
struct KingSafety {
  bool shortcut = false;  // false: judge every move by applying it
  Square king = kNoSquare;
  Bitboard blockers = 0;  // the mover's pieces that alone shield the king from an enemy line

  KingSafety(const Position& pos, const Variant& variant) {
    const Color us = pos.side, them = ~us;
    const Bitboard kings = pos.king_squares(us);
    // A stretched king (two squares) or a king in check: apply every move.
    if (popcount(kings) != 1 || !pos.pieces(us, kKing) || pos.attackers_to(lsb(kings), them))
      return;
    shortcut = true;
    king = lsb(kings);
    (void)variant;
    const Bitboard occ = pos.occupied();
    const Bitboard diagonal = pos.pieces(them, kBishop) | pos.pieces(them, kQueen) |
                              ((pos.pieces(them, kHalfBishop) | pos.pieces(them, kHalfQueen)) &
                               kAttacks.half_bishop_from[king]);
    const Bitboard straight = pos.pieces(them, kRook) | pos.pieces(them, kQueen) |
                              ((pos.pieces(them, kHalfRook) | pos.pieces(them, kHalfQueen)) &
                               kAttacks.half_rook_from[king]);
    Bitboard snipers = (bishop_attacks(king, 0) & diagonal) | (rook_attacks(king, 0) & straight);
    while (snipers) {
      const Bitboard between = kAttacks.between[king][pop_lsb(snipers)] & occ;
      if (popcount(between) == 1) blockers |= between & pos.by_color[us];
    }
  }
};

// Legality of a pseudo-legal move, without applying it when that is safe.
// Whatever is not covered below is applied and tested.
bool is_legal_with(const Position& pos, const ChessMove& m, const Variant& variant,
                   const KingSafety& safety) {
  if (!safety.shortcut) return is_legal(pos, m, variant);
  const Piece p = pos.board[m.from];
  const Kind k = piece_kind(p);
  if (k == kKing) return is_legal(pos, m, variant);
  // An e.p. capture empties a second square; a Long Worm capture of a
  // stretched half creates a half piece that may attack the king.
  if (k == kPawn && m.to == pos.ep_square && m.type != MoveType::kConsolidate)
    return is_legal(pos, m, variant);
  if (variant.long_worm && pos.is_stretched(m.to) && m.type != MoveType::kConsolidate)
    return is_legal(pos, m, variant);
  switch (m.type) {
    case MoveType::kStretch:
      // The origin stays occupied: a stretch only adds a blocker (and may
      // remove an attacker), so it cannot expose the king.
      return true;
    case MoveType::kConsolidate:
      // Leaving `from` may open a line only if `from` shields the king.
      return !(safety.blockers & bit(m.from)) || is_legal(pos, m, variant);
    case MoveType::kDirect:
      return !(safety.blockers & bit(m.from)) || (kAttacks.line[safety.king][m.from] & bit(m.to));
  }
  return true;
}

}  // namespace

void generate_pseudo_legal(const Position& pos, const Variant& variant, MoveList& list) {
  list.size = 0;
  const Color us = pos.side;
  const Bitboard occ = pos.occupied(), targets = ~pos.by_color[us];
  const MoveType whole = variant.inchworm ? MoveType::kStretch : MoveType::kDirect;
  // 1. Whole consolidated pieces: FIDE moves (stretches in Inchworm Chess).
  generate_pawn_moves(pos, whole, list);
  for (Kind k : {kKnight, kBishop, kRook, kQueen, kKing}) {
    for (Bitboard b = pos.pieces(us, k); b;) {
      const Square from = pop_lsb(b);
      for (Bitboard to = piece_attacks(us, k, from, occ) & targets; to;)
        list.push(from, pop_lsb(to), whole);
    }
  }
  generate_castling(pos, whole, list);
  // 2. Half pieces (Long Worm Chess) move directly.
  for (Kind k : {kHalfKnight, kHalfBishop, kHalfRook, kHalfQueen}) {
    for (Bitboard b = pos.pieces(us, k); b;) {
      const Square from = pop_lsb(b);
      for (Bitboard to = piece_attacks(us, k, from, occ) & targets; to;)
        list.push(from, pop_lsb(to), MoveType::kDirect);
    }
  }
  // 3. Stretched pieces can only consolidate.
  if (pos.stretched & pos.by_color[us]) generate_consolidations(pos, list);
}

bool is_legal(const Position& pos, const ChessMove& move, const Variant& variant) {
  Position next = pos;
  next.apply(move, variant);
  return !next.in_check(pos.side);
}

void generate_legal(const Position& pos, const Variant& variant, MoveList& list) {
  MoveList pseudo;
  generate_pseudo_legal(pos, variant, pseudo);
  const KingSafety safety(pos, variant);
  list.size = 0;
  for (const ChessMove& m : pseudo)
    if (is_legal_with(pos, m, variant, safety)) list.moves[list.size++] = m;
}

int count_legal(const Position& pos, const Variant& variant) {
  MoveList pseudo;
  generate_pseudo_legal(pos, variant, pseudo);
  const KingSafety safety(pos, variant);
  int n = 0;
  for (const ChessMove& m : pseudo) n += is_legal_with(pos, m, variant, safety);
  return n;
}

}  // namespace inchzero::chess
