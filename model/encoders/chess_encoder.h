// The network input for Inchworm Chess, Long Worm Chess and FIDE chess
// (docs/action-space.md, "Inchworm Chess and Long Worm Chess"): 58 planes of
// 8 x 8, "us" being the player to move. The board keeps its absolute
// orientation (a1 is element 0 of each plane) because the policy indexes
// absolute squares; plane 51 says which colour we are.
#pragma once

#include <memory>

#include "model/encoder.h"

namespace inchzero {

// Planes (each 8 x 8, rank-major: element 8 * rank + file):
//   0-5   our consolidated pieces: pawn, knight, bishop, rook, queen, king
//   6-11  their consolidated pieces
//   12-17 our stretched pieces by kind, origin halves   18-23 target halves
//   24-29 their stretched pieces, origin halves         30-35 target halves
//   36-39 our half pieces (Long Worm): knight (Crab), bishop, rook, queen
//   40-43 their half pieces
//   44    our pawns that may still move two squares     45 theirs
//   46    the en passant square
//   47-50 castling rights (all ones): our king side, our queen side, theirs
//   51    we are White (all ones)
//   52    move-rule clock / its limit (0 when off)
//   53    this position occurred before (repetition)
//   54    ply / max_plies (0 without a cap)
//   55    the square picked by FROM in a move in progress
//   56    the TO or ONTO square awaiting a promotion
//   57    ones (the board)
// Only the identity symmetry exists. Throws GameError unless `game` is a
// chess game (inchworm-chess or longworm-chess).
std::unique_ptr<Encoder> make_chess_encoder(const Game& game);

}  // namespace inchzero
