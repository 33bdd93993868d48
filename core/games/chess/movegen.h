// Move generation for FIDE, Inchworm and Long Worm Chess: pseudo-legal moves
// from the piece patterns, then the legality test (copy, apply, is the
// mover's king — either half of it — attacked by an enemy consolidated piece?).
#pragma once

#include "core/games/chess/move.h"
#include "core/games/chess/position.h"
#include "core/games/chess/variant.h"

namespace inchzero::chess {

// Every move of the side to move that obeys the piece patterns, castling
// conditions and consolidation rules, whether or not it leaves the mover's
// king in check. Replaces the contents of `list`.
void generate_pseudo_legal(const Position& pos, const Variant& variant, MoveList& list);

// True if the pseudo-legal `move` does not leave the mover's king in check.
bool is_legal(const Position& pos, const ChessMove& move, const Variant& variant);

// Every legal move of the side to move. Replaces the contents of `list`.
void generate_legal(const Position& pos, const Variant& variant, MoveList& list);

// Number of legal moves (the same as generate_legal's size, without storing them).
int count_legal(const Position& pos, const Variant& variant);

}  // namespace inchzero::chess
