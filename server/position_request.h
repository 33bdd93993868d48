// POST /api/position: a game, its rules, a start, the full moves played and
// the decisions of the move in progress — everything the page knows, sent
// whole with every request, so the server keeps no session (any number of
// pages, any number of games).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "server/game_rules.h"

namespace inchzero {

class JsonBody;

struct PositionRequest {
  RulesChoice rules;
  std::optional<std::string> initial_position;  // the game's position notation
  std::vector<std::string> moves;               // full moves in the game's notation
  std::vector<std::string> decisions;           // decision texts of the move in progress
};

// The keys of a position request: game, rules, set, initialPosition, moves,
// decisions.
const std::vector<std::string>& position_request_keys();
// Read one (the body's keys were checked against position_request_keys()).
// Throws RequestError(400) naming the key.
PositionRequest parse_position_request(const JsonBody& body);

// A request replayed with the game's own parsers.
struct ReplayedPosition {
  std::unique_ptr<State> state;          // after the moves and the decisions
  std::vector<std::string> move_texts;   // every full move, canonical, the completed one included
  std::optional<std::string> completed;  // the move the decisions completed
  std::vector<std::string> pending;      // decisions of a move still in progress
};

// Replays `request` in `game`. Throws RequestError(400) naming the first
// move or decision that does not parse or is not legal, and any move after
// the end of the game.
ReplayedPosition replay_request(const Game& game, const PositionRequest& request);

}  // namespace inchzero
