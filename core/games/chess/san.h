// Standard Algebraic Notation (SAN) of FIDE chess moves, as PGN writes them
// ("e4", "Nbd7", "exd6", "O-O-O", "e8=Q#"): the moving piece's letter (none
// for a pawn), the file, rank or square that tells it apart from another
// piece of its kind that could go to the same square, 'x' for a capture, the
// destination, "=Q" for a promotion, and '+' for check or '#' for mate.
// For plain FIDE chess only (variant.inchworm false): Inchworm Chess has
// stretches and consolidations that SAN cannot write (notation.h does).
#pragma once

#include <string>

#include "core/games/chess/move.h"
#include "core/games/chess/position.h"

namespace inchzero::chess {

// The SAN of a legal FIDE move of `pos`. Throws GameError when `move` is not
// a legal FIDE move there.
std::string move_to_san(const Position& pos, const ChessMove& move);

}  // namespace inchzero::chess
