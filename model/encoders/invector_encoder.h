// The network input for Invector (docs/action-space.md, "Invector"): eight
// board planes from the point of view of the player to move.
#pragma once

#include <memory>

#include "model/encoder.h"

namespace inchzero {

// Planes (height x width each), for the player to move ("us"):
//   0 our stones            1 their stones
//   2 centre distance / the largest distance on the board
//   3 the two centre pits   4 pie pending (White has not had a turn yet)
//   5 we are White          6 ply / max_plies (0 without a cap)
//   7 ones (the board)
// Symmetry `sym` (0..3) mirrors the board as InvectorGame::transform_cell.
// Throws GameError unless `game` is an Invector game.
std::unique_ptr<Encoder> make_invector_encoder(const Game& game);

}  // namespace inchzero
