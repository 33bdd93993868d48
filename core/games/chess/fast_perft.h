// Perft directly on Position (no State objects, no allocation per node, bulk
// counting one ply above the leaves). Exactly the count of the generic
// core/perft.h walk: draws by the move rule, repetition and the ply cap end
// the game there as they do in ChessState.
#pragma once

#include <cstdint>
#include <vector>

#include "core/games/chess/position.h"
#include "core/games/chess/rules.h"

namespace inchzero::chess {

// Leaf count of the move tree `depth` plies below `pos`. `history` holds the
// keys of the positions before `pos` in game order (for repetition; it is
// used as a stack and left unchanged), `ply` is the number of plies played
// before `pos` (for the cap).
uint64_t fast_perft(const Position& pos, int depth, const ChessRules& rules,
                    std::vector<uint64_t>& history, int ply);

// True if the game is over by a draw rule at `pos` (move rule, repetition,
// cap), whatever the legal moves.
bool drawn_by_rule(const Position& pos, const ChessRules& rules,
                   const std::vector<uint64_t>& history, int ply);

// Times the position `pos` occurred, counting itself, judged from `history`
// (the keys before it, in game order).
int occurrences(const Position& pos, const std::vector<uint64_t>& history);

}  // namespace inchzero::chess
