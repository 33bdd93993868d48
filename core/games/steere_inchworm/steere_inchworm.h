// Steere's Inchworm (Mark Steere, 2021): worms of stacked checkers race off
// the far end or the right side of the board (RULINGS §3,
// docs/rules/steere-inchworm.md). Game name `steere-inchworm`.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero::steere {

// Every rule option of Steere's Inchworm, declared once (steere_options.cpp).
const OptionSchema& schema();

std::shared_ptr<const Game> make_game(const RuleOptions& options);

}  // namespace inchzero::steere
