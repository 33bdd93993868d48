#include "core/games/chess/san.h"

#include "core/game.h"
#include "core/games/chess/movegen.h"
#include "core/games/chess/notation.h"

namespace inchzero::chess {
namespace {

constexpr char kSanLetters[] = "PNBRQK";

// The file, rank or square that tells `move` apart from the other legal moves
// of the same kind of piece to the same square (empty when none does).
std::string disambiguation(const Position& pos, const MoveList& legal, const ChessMove& move) {
  const Piece piece = pos.board[move.from];
  bool other = false, same_file = false, same_rank = false;
  for (const ChessMove& m : legal) {
    if (m.to != move.to || m.from == move.from || pos.board[m.from] != piece) continue;
    other = true;
    same_file |= file_of(m.from) == file_of(move.from);
    same_rank |= rank_of(m.from) == rank_of(move.from);
  }
  if (!other) return "";
  const std::string square = square_name(move.from);
  if (!same_file) return square.substr(0, 1);
  if (!same_rank) return square.substr(1, 1);
  return square;
}

}  // namespace

std::string move_to_san(const Position& pos, const ChessMove& move) {
  MoveList legal;
  generate_legal(pos, kFide, legal);
  bool found = false;
  for (const ChessMove& m : legal) found |= m == move;
  if (!found || move.type != MoveType::kDirect)
    throw GameError("SAN: '" + move_to_text(pos, move) + "' is not a legal FIDE move here");

  const Kind kind = piece_kind(pos.board[move.from]);
  const int file_step = file_of(move.to) - file_of(move.from);
  std::string san;
  if (kind == kKing && (file_step == 2 || file_step == -2)) {
    san = file_step > 0 ? "O-O" : "O-O-O";
  } else {
    const bool capture = pos.board[move.to] != kNoPiece || (kind == kPawn && file_step != 0);
    if (kind == kPawn) {
      if (capture) san += square_name(move.from)[0];
    } else {
      san += kSanLetters[kind];
      san += disambiguation(pos, legal, move);
    }
    if (capture) san += 'x';
    san += square_name(move.to);
    if (move.promotion != kNoPromotion) {
      san += '=';
      san += kSanLetters[move.promotion];
    }
  }
  Position after = pos;
  after.apply(move, kFide);
  if (after.in_check(after.side)) san += count_legal(after, kFide) == 0 ? '#' : '+';
  return san;
}

}  // namespace inchzero::chess
