#include "core/solver/solvability.h"

#include <string>

namespace inchzero::solver {

void check_solvable(const Game& game) {
  const std::string& name = game.name();
  // Invector and Steere's Inchworm: the notation holds the board, the side to
  // move, the pie flag / borne-off counts and the ply (for max_plies); no
  // rule looks at earlier positions, and neither game has compound moves.
  if (name == "invector" || name == "steere-inchworm") return;
  if (name == "inchworm") {
    const RuleOptions& o = game.options();
    const int64_t repetition = o.get_int("repetition_draw");
    const int64_t max_plies = o.get_int("max_plies");
    // A full state (side to move included) recurs at the earliest 2 plies
    // later, so its r-th occurrence comes at least 2(r-1) plies after the
    // first; a cap below that means the repetition draw can never happen
    // and the notation (which holds every counter) is an exact key.
    // repetition_draw=1 ends every game at once whatever the history.
    if (repetition <= 1) return;
    if (max_plies > 0 && max_plies < 2 * (repetition - 1)) return;
    throw GameError("solve: inchworm with repetition_draw=" + std::to_string(repetition) +
                    " depends on the game's history, which the solver's position key omits; set "
                    "repetition_draw=0 (or max_plies below " +
                    std::to_string(2 * (repetition - 1)) + ")");
  }
  throw GameError("solve: the solver cannot key " + name +
                  " positions exactly (its draw rules depend on the game's history, or it is "
                  "not known to the solver); solvable games: inchworm, invector, "
                  "steere-inchworm");
}

}  // namespace inchzero::solver
