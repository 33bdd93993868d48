// The plain-text game record (docs/game-records.md): headers, then the moves
// in the game's own notation, one per line:
//
//     Game: inchworm-chess
//     Rules: fide
//     Option: inchworm=false
//     Option: move_rule=-1
//     Option: repetition_draw=3
//     Option: max_plies=1000
//     Result: 0-1
//     EndReason: checkmate
//     Plies: 4
//     Final: rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
//
//     1. f2f3
//     2. e7e5
//     3. g2g4
//     4. d8h4
//
// Every game can be written this way; a file holds any number of records,
// each starting at its Game header. The reader checks everything it reads
// (known headers, the rules, every move's legality, Plies, Final, the
// result against the replay) and names the line of the first problem.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/records/played_game.h"

namespace inchzero {

// One record: the headers, a blank line, the numbered moves, a blank line.
// Throws GameError when the moves do not replay.
std::string write_text_record(const PlayedGame& game);

// A record read back: the game and the position its moves lead to.
struct LoadedRecord {
  PlayedGame game;
  std::unique_ptr<State> final_state;
};

// Read record `number` (1 = the first) of `text`, checking it completely.
// Throws GameError("<source>:<line>: <what is wrong>") for a malformed or
// inconsistent record, and when there is no record `number`.
LoadedRecord read_text_record(const std::string& text, const std::string& source, int number = 1);

// Every record of `text`, each checked as read_text_record does.
std::vector<LoadedRecord> read_text_records(const std::string& text, const std::string& source);

}  // namespace inchzero
