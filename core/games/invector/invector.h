// Invector (Mark Steere, 2006): stones on a Konane grid capture orthogonally
// and otherwise move only toward the centre (RULINGS §2, docs/rules/invector.md).
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero::invector {

// Every rule option of Invector, declared once (invector_options.cpp).
const OptionSchema& schema();

// Build the game for `options`; throws GameError when the board size breaks
// the rules (exactly one even dimension).
std::shared_ptr<const Game> make_game(const RuleOptions& options);

}  // namespace inchzero::invector
