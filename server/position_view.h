// The answer of POST /api/position: a replayed position described for the
// page — the board (State::to_json, with its size), the canonical move list,
// whose turn it is or how the game ended, the legal decisions with the
// squares they touch (decision_list.h), the rule options in effect, and
// whether the game can be saved as PGN.
// docs/ui.md lists the fields.
#pragma once

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "server/position_request.h"

namespace inchzero {

nlohmann::ordered_json position_view(const Game& game, const ReplayedPosition& position);

}  // namespace inchzero
