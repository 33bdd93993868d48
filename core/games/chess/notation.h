// Move notation (docs/rules/inchworm-chess.md, "Notation"):
//   e2e4, e7e8q    a FIDE move, a stretch, or a half piece's move: origin and
//                  destination, then the promotion piece in FIDE chess
//   e2e4>e4        a consolidation: the stretch (origin, target), '>', the
//   e2e4>e2        square the piece consolidates onto (here a retreat),
//   e7e8>e8q       then the promotion piece when a pawn consolidates on the last rank
//   >e4, >e8q      short form of a consolidation (accepted, never printed)
// Castling is the king's move (e1g1); e.p. the pawn's move to the passed square.
#pragma once

#include <string>

#include "core/games/chess/move.h"
#include "core/games/chess/position.h"
#include "core/games/chess/variant.h"

namespace inchzero::chess {

// Canonical text of a pseudo-legal move of `pos`.
std::string move_to_text(const Position& pos, const ChessMove& move);

// Parse text into a legal move of `pos`. Throws GameError saying why the text
// is malformed or the move is not legal here (which piece, which rule).
ChessMove parse_move_text(const Position& pos, const Variant& variant, const std::string& text);

}  // namespace inchzero::chess
