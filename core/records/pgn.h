// PGN (Portable Game Notation) for the chess games (docs/game-records.md):
// the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result), then
// Variant for Inchworm / Long Worm Chess, SetUp and FEN when the game did not
// start from the standard position, PlyCount, Termination, and inchzero's own
// tags (EndReason, Game, Rules, Seed, GameIndex, Source, SourceGame).
// Plain FIDE chess (inchworm-chess with inchworm: false) is written in SAN,
// so any PGN reader replays it; Inchworm and Long Worm Chess moves are in the
// project's notation (docs/rules/inchworm-chess.md), which only inchzero reads.
#pragma once

#include <string>

#include "core/records/played_game.h"

namespace inchzero {

// Whether PGN can hold games of `game` (inchworm-chess and longworm-chess).
bool pgn_supports(const Game& game);

// One game as PGN: the tags, a blank line, the movetext (lines of at most 79
// characters) ending with the result, a blank line. Throws GameError for a
// game PGN cannot hold (pgn_supports) or moves that do not replay.
std::string write_pgn(const PlayedGame& game);

}  // namespace inchzero
