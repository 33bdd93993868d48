// A bounded list of full moves for players that rank every move by
// simulation (greedy, the wall-builder). Why: State::legal_moves() lists
// every full move, and in Inchworm a tall stack has astronomically many
// distribution paths (a 20-stack on an open 8 x 8 board: far more than fit
// in memory). The lab's wall-builder ran a 24 GB machine out of memory on
// one such position. Perft and notation keep the exact list; heuristic
// players take this one.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "core/game.h"

namespace inchzero {

// Full moves per first decision (source square) listed exactly before the
// sampler switches to random completions: every distribution of a stack of
// height 3 or less (at most 8·7 paths) and every collect stay exact.
constexpr int kDefaultMovesPerFirstDecision = 64;

// The full moves of `state` (at a move boundary, not terminal), grouped by
// their first decision:
//  1. a first decision whose moves number at most `per_first_decision` gives
//     all of them, in decision order (so in small positions the result is
//     exactly legal_moves(), as a set);
//  2. a larger one gives `per_first_decision` random completions (each
//     decision uniform among the legal ones), duplicates dropped — so every
//     first decision is represented, and the list has at most
//     legal_actions().size() × per_first_decision moves.
// Every returned move is legal. The random choices come from `rng` only, so
// a seeded player stays reproducible. per_first_decision must be >= 1.
std::vector<Move> sample_legal_moves(const State& state, int per_first_decision,
                                     std::mt19937_64& rng);

// sample_legal_moves one move at a time: `visit(move)` gets the moves it
// lists, in its order, and stops the listing by returning false (then the
// rest is never made, nor are its random choices drawn). Why: a search that
// cuts off after a few replies of a node would otherwise pay for them all
// (at the alpha-beta player's frontier 9 in 10 nodes cut, after 40 % of the
// replies). Returns whether every move was visited.
bool visit_sampled_moves(const State& state, int per_first_decision, std::mt19937_64& rng,
                         const std::function<bool(const Move&)>& visit);

// Every full move of `state` (at a move boundary) into `out` — the moves of
// legal_moves(), perhaps in another order — unless there are more than
// `limit`: then false, having stopped after limit + 1 moves (memory stays
// bounded). For listings a person asked for (`inchzero show --legal`).
bool list_legal_moves(const State& state, size_t limit, std::vector<Move>* out);

}  // namespace inchzero
