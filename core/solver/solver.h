// The exact solver: memoised negamax over every position reachable from a
// game's start (docs/solved-boards.md). Works through the Game/State
// interface only, so it serves every game check_solvable accepts; the walk
// is an explicit stack (no recursion), so deep games cannot overflow it.
#pragma once

#include <cstdint>
#include <functional>

#include "core/game.h"
#include "core/solver/solution.h"

namespace inchzero::solver {

struct SolveLimits {
  // Refuse (std::runtime_error) once more positions than this are stored:
  // the board is too big to solve here, and memory would run out first.
  int64_t max_positions = 50'000'000;
};

struct SolveStats {
  int64_t positions = 0;   // non-terminal positions solved (stored)
  int64_t terminals = 0;   // distinct terminal states met
  int64_t expansions = 0;  // decisions applied
  int max_depth = 0;       // deepest decision sequence from the start
  double seconds = 0;
  int64_t peak_rss_bytes = 0;  // the process's peak resident memory (VmHWM)
};

// Called now and then with the figures so far (for a progress display).
using SolveProgress = std::function<void(const SolveStats&)>;

// Solve `game` from its initial state. Throws GameError when the game cannot
// be keyed exactly (check_solvable) and std::runtime_error when a position
// recurs on its own line of play (a cycle: the game needs a ply cap) or the
// limits are exceeded.
Solution solve(const Game& game, const SolveLimits& limits = {},
               const SolveProgress& progress = nullptr, SolveStats* stats = nullptr);

// The peak resident memory of this process in bytes (0 where unknown).
int64_t peak_rss_bytes();
// This machine's memory in bytes (0 where unknown).
int64_t machine_memory_bytes();

}  // namespace inchzero::solver
