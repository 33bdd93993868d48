// Rodeffer's Inchworm (2000) with every variant and proposed fix
// (../shared/RULINGS.md §1, docs/rules/inchworm.md).
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero::inchworm {

// Every rule option of RULINGS §1 under its exact name (declared once, in
// inchworm_options.cpp).
const OptionSchema& schema();

std::shared_ptr<const Game> make_game(const RuleOptions& options);

}  // namespace inchzero::inchworm
