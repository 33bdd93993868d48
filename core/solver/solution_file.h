// The solution file (docs/solved-boards.md): gzip-compressed JSON lines — a
// header naming the game, its rule label, every resolved option and their
// fingerprint; one line per solved position (key, player, value, optimal
// decisions); a closing line with the count, so a cut file is refused even
// when it happens to end on a line boundary. `zcat FILE | head` reads it.
#pragma once

#include <string>

#include "core/game.h"
#include "core/solver/solution.h"

namespace inchzero::solver {

// 2: the header's fingerprint is the rules' behaviour fingerprint (1: a
// hash of their YAML text; read by recomputing it from the options).
constexpr int kSolutionFormatVersion = 2;

// Write `solution` to `path` atomically (temporary file + rename). Throws
// std::runtime_error naming the path on an I/O failure.
void write_solution(const std::string& path, const Solution& solution);

// Read a solution file. Throws GameError naming the file and the problem when
// it is not a solution file, is damaged (bad gzip data or CRC, a malformed or
// missing line, a wrong count) or is of a newer format version.
Solution read_solution(const std::string& path);

// Throws GameError naming both sides when `solution` was not solved for
// `game` under the same rules (name and rules fingerprint).
void check_solution_matches(const Solution& solution, const Game& game, const std::string& path);

}  // namespace inchzero::solver
