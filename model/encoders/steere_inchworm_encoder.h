// The network input for Steere's Inchworm (docs/action-space.md, "Steere's
// Inchworm"): sixteen board planes in the mover's frame — the board turned
// half round when Blue is to move, so that "forward" is always up and
// "right" always right, as in the action space.
#pragma once

#include <memory>

#include "model/encoder.h"

namespace inchzero {

// Planes (height x width each, frame square f = rank * width + file):
//   0..3   our stacks of height 1, 2, 3, 4 or more (one-hot)
//   4, 5   the heads, the tails of our worms
//   6..9   their stacks of height 1, 2, 3, 4 or more
//   10, 11 the heads, the tails of their worms (in their own frame)
//   12, 13 our / their share of checkers borne off
//   14     ply / max_plies (0 without a cap)
//   15     ones (the board)
// Only symmetry 0 exists. Throws GameError unless `game` is Steere's Inchworm.
std::unique_ptr<Encoder> make_steere_inchworm_encoder(const Game& game);

}  // namespace inchzero
