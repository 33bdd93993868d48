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
// a finished game has no moves, so it counts 0 below depth 0).
uint64_t perft(const State& state, int depth);

// Per-move counts at the root, in canonical notation, in legal_moves() order.
std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& state, int depth);

}  // namespace inchzero
