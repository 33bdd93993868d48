// Game records in and out of the page (docs/game-records.md): a PlayedGame
// as the page replays it, the records of an uploaded plain-text record file,
// and the game the page played written as a text record or PGN.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/records/played_game.h"
#include "server/position_request.h"

namespace inchzero {

// {"game", "rules", "set" (how a request names its rules, game_rules.h),
//  "rulesLabel", "initialPosition" (or null), "moves" (canonical texts),
//  "result" ("1-0", …, "*"), "winner", "endReason", "origin": {…}}
nlohmann::ordered_json played_game_json(const PlayedGame& game);

// Every record of a plain-text record file, checked as `inchzero show
// --record` checks it: {"games": [played_game_json…]}. Throws
// RequestError(400) naming the line of the first problem.
nlohmann::ordered_json text_records_json(const std::string& text);

// The keys of an export request: a position request's, plus "format"
// ("text" or "pgn") and "players" (who played, for the record's Network line).
const std::vector<std::string>& export_request_keys();

// The game `request` names (its moves; decisions of an unfinished move are
// left out), finished or not, as a text record or PGN. Throws
// RequestError(400) for bad moves or PGN of a game that is not chess.
std::string export_record(const std::shared_ptr<const Game>& game, const PositionRequest& request,
                          const std::string& format, const std::string& players);

}  // namespace inchzero
