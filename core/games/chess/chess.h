// Inchworm Chess and Long Worm Chess (Ralph Betza; ../shared/RULINGS.md §4,
// docs/rules/inchworm-chess.md, docs/rules/longworm-chess.md). With
// `inchworm: false`, inchworm-chess is plain FIDE chess.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero::chess {

// The rule options of each game (declared once, in chess_options.cpp).
const OptionSchema& inchworm_chess_schema();
const OptionSchema& longworm_chess_schema();

std::shared_ptr<const Game> make_inchworm_chess(const RuleOptions& options);
std::shared_ptr<const Game> make_longworm_chess(const RuleOptions& options);

}  // namespace inchzero::chess
