// A self-play GameRecord (game_record.h) as a PlayedGame, the form the
// record writers take (core/records/: PGN, the plain-text record;
// docs/game-records.md): the rules rebuilt from the record's options, its
// decisions replayed and grouped into full moves.
#pragma once

#include <cstdint>
#include <string>

#include "core/records/played_game.h"
#include "selfplay/game_record.h"

namespace inchzero {

// `source` / `source_game` say where the record was read (a shard and the
// record's number in it, 1 = the first). Throws GameError when the rules
// cannot be rebuilt, a decision is not legal in the replay, or the replay
// does not end as the record says.
PlayedGame played_game_from_record(const GameRecord& record, const std::string& source = "",
                                   int64_t source_game = -1);

}  // namespace inchzero
