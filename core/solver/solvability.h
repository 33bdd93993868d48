// Whether the exact solver can key a game's positions exactly: its key is the
// position notation (State::to_position) plus the decisions of a move in
// progress, so the game's future must depend on nothing that notation omits —
// in particular not on the history of earlier positions (repetition rules).
// Games are listed by name here because the Game interface does not say
// whether a rule depends on history; an unlisted game is refused rather than
// solved to possibly wrong values.
#pragma once

#include "core/game.h"

namespace inchzero::solver {

// Throws GameError naming the game and the rule that makes its positions
// impossible to key exactly (e.g. Inchworm's repetition_draw, chess's
// repetition and fifty-move history).
void check_solvable(const Game& game);

}  // namespace inchzero::solver
