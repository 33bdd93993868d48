// Perft: the number of full-move sequences of a given depth. The standard
// correctness check of a move generator (and a speed benchmark).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace inchzero {

// Leaf count of the full-move tree of `depth` plies below `state` (1 at depth 0;
// a finished game has no moves, so it counts 0 below depth 0). Uses the
// game's own State::perft (which may be a fast game-specific walk).
uint64_t perft(const State& state, int depth);

// The same count by the generic walk over legal_moves() and clone(), for
// any game (the default State::perft; tests compare fast walks against it).
uint64_t generic_perft(const State& state, int depth);

// Per-move counts at the root, in canonical notation, in legal_moves() order.
std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& state, int depth);

}  // namespace inchzero
