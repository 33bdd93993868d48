// A retrograde solve kept on disk (docs/solved-boards.md, "Retrograde
// solution files"), so that players are measured against it
// (`inchzero solve --retrograde --load FILE --check PLAYER`) and positions
// are looked up without solving again (the 3x4 stock-5 boards take 10 to 20
// minutes each on two cores).
//
// Layout: the line "inchzero retrograde solution"; one line of JSON, the
// header (format version, game, rules label, the rules' behaviour
// fingerprint, whether keys fold the board's symmetries, the solve's
// statistics, and per array its name, entry count, entry size and CRC-32);
// then each array's entries as raw little-endian bytes, in the header's
// order. Not compressed: the arrays are read straight into the solver's
// pages, about 60 bytes a position (6-8 GB for 3x4 with stock 5).
#pragma once

#include <cstdint>
#include <string>

#include "core/games/inchworm/inchworm_game.h"
#include "core/solver/retrograde.h"

namespace inchzero::solver {

constexpr int kRetrogradeFileVersion = 1;

struct RetrogradeFileHeader {
  std::string game;         // registry name
  std::string rules_label;  // RuleOptions::label(), for load_game_from_label
  std::string fingerprint;  // fingerprint_hex(behaviour_fingerprint(game))
  bool symmetry = true;     // keys fold the board's symmetries
  RetrogradeStats stats;    // of the solve that made it
  int64_t positions = 0;
  int64_t array_bytes = 0;  // what reading the file holds in memory
};

// Write `solution` to `path` atomically (a temporary file, then a rename:
// a stopped write leaves no file). Throws std::runtime_error naming the
// path on an I/O failure.
void write_retrograde_file(const std::string& path, const RetrogradeSolution& solution);

// The header alone, without the arrays: the game and rules to load, and
// what reading the file takes. Throws GameError naming the file when it is
// not a retrograde solution file or is of a newer format version.
RetrogradeFileHeader read_retrograde_header(const std::string& path);

// The solution in `path`, for `game` (loaded from the header's game and
// rules label; a rule file changed since the solve is caught by the
// fingerprint). Throws GameError naming the file: not a retrograde solution
// file, a newer version, of other rules, damaged (cut short, a CRC-32 that
// does not match, arrays that do not fit together), or needing more than
// `memory_limit_bytes` (refused before a byte of the arrays is read).
RetrogradeSolution read_retrograde_file(const std::string& path, const inchworm::InchwormGame& game,
                                        int64_t memory_limit_bytes);

}  // namespace inchzero::solver
