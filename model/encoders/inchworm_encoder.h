// The network input for Rodeffer's Inchworm (docs/action-space.md,
// "Inchworm encoder"): board planes from the point of view of the player to
// move ("us"), including the full move in progress.
#pragma once

#include <memory>

#include "model/encoder.h"

namespace inchzero {

// Planes (height x width each, cell = rank * width + file):
//   0, 1     our / their stacks
//   2..5     our stacks of height >= 2, 3, 4, 5
//   6..9     their stacks of height >= 2, 3, 4, 5
//   10, 11   our / their height / 16 (clamped to 1)
//   12       ones (the board)        13  squares on a board edge of this topology
//   14, 15   files wrap / ranks wrap (constant)
//   16, 17   our / their stock / starting stock      (constant, clamped to 1)
//   18, 19   prisoners held by us / by them / starting stock
//   20, 21   our / their score / target (60 when the target is off; clamped)
//   22       (our score - their score) / target, clamped to [-1, 1]
//   23       plies since capture / no-capture limit (0 when off)
//   24       ply / max_plies (0 when off)
//   25       we are Red                26  the opponent just passed
//   27       inside a compound move    28  a collect / 29 a distribution is in progress
//   30       the move's source square  31  squares named so far
//   32       the square the move stands on now
//   33       the square a collect would continue to (next on its line)
//   34       pieces left to place / 16 (constant, clamped)
//   35..37   our groups with exactly 1 / exactly 2 / >= 3 liberties
//   38..40   their groups with exactly 1 / exactly 2 / >= 3 liberties
//   41       empty squares that are the single liberty of one of their groups
//   42       empty squares that are the single liberty of one of our groups
//   (liberties as the capture rule counts them, core/games/inchworm/captures.h:
//   with enclosure_capture a group's own eyes are not liberties, and a group
//   left with none is in no liberty plane)
// Symmetry `sym` writes every cell at Geometry::transform_cell(cell, sym),
// matching InchwormGame::transform_action. Throws GameError unless `game` is
// an Inchworm game.
std::unique_ptr<Encoder> make_inchworm_encoder(const Game& game);

}  // namespace inchzero
