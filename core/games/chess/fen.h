// FEN for FIDE, Inchworm and Long Worm Chess (docs/rules/inchworm-chess.md,
// "Position notation"). Plain FIDE FEN, plus:
//  * a half piece (Long Worm) is its whole piece's letter followed by '*'
//    ("Q*" = a white half queen, "n*" = a black Crab);
//  * a stretched piece shows its letter on both of its squares, and a 7th
//    field lists the stretches as origin+target pairs ("e2e4,d7d5", "-");
//  * an 8th field lists the pawns on their start square that may no longer
//    make the two-square move because they retreated there ("e2", "-").
// Fields 5-8 are optional on input (defaults 0, 1, -, -); the writer adds
// fields 7-8 only in Inchworm modes and only when one of them is not "-".
#pragma once

#include <string>

#include "core/games/chess/position.h"
#include "core/games/chess/variant.h"

namespace inchzero::chess {

inline const char* const kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Parse and validate a position; throws GameError naming the first problem
// (malformed field, a piece the variant does not have, a missing king, a
// castling right without its king and rook, the side not to move in check…).
Position parse_fen(const std::string& fen, const Variant& variant);

// The FEN of a position (accepted back by parse_fen with the same variant).
std::string to_fen(const Position& pos, const Variant& variant);

}  // namespace inchzero::chess
