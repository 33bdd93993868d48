// A fingerprint of what a rule set DOES, not of how it is written: two rule
// sets that play the same game (same legal decisions, same outcomes, same
// points) have the same fingerprint whatever their YAML text, their option
// names or which options are spelled out at their defaults; any change to
// legal play or scoring changes it (with overwhelming likelihood). Records
// carry it (selfplay/game_record.h) so that adding a rule option to inchzero
// does not orphan the records played before it existed.
//
// The procedure (docs/shard-format.md, "Rules fingerprint"): FNV-1a 64 over
// the game's name, its action-space size and symmetry count, then
// kFingerprintPlayouts seeded pseudo-random playouts from the initial
// position, each at most kFingerprintMaxDecisions decisions: at every
// decision the player to move, whether a compound move is under way, the
// sorted legal decisions and the one played (drawn by SplitMix64 from a
// fixed seed, so the same behaviour draws the same line); at the end whether
// the game is over, the winner, the end reason, the ply and, for a game that
// keeps a score (keeps_score, core/game.h), both players' points. It SAMPLES
// behaviour: two rule sets that differ only in positions
// none of the playouts reaches share a fingerprint.
#pragma once

#include <cstdint>
#include <string>

#include "core/game.h"

namespace inchzero {

// Playouts and decisions per playout of behaviour_fingerprint. Changing
// either changes every fingerprint (old records would then be refused): the
// values are part of the format.
// 24 playouts: the first always plays the lowest legal decision, the second
// the highest (deterministic lines that run into the rules uniform play
// seldom meets: repetition, the target score), the other 22 uniformly drawn
// ones. 3,000 decisions reach the end of a uniformly played game of every
// shipped rule set (Inchworm's 1,000-ply cap is ~2,500 decisions), so caps
// and end conditions are part of what is sampled.
constexpr int kFingerprintPlayouts = 24;
constexpr int kFingerprintMaxDecisions = 3000;

// The behaviour fingerprint of `game` (the procedure above). Deterministic:
// the same game code and effective rules give the same value on every run,
// build and platform we build for. Never 0 (0 marks "unknown" in records).
uint64_t behaviour_fingerprint(const Game& game);
// The same procedure with other sizes (for measuring how many playouts tell
// rule sets apart; records always use the constants above).
uint64_t behaviour_fingerprint(const Game& game, int playouts, int max_decisions);

// The fingerprint of the rules a record names: game `game_name` under every
// option of `rules_yaml` (a RuleOptions::to_yaml() text, possibly of an older
// inchzero: a missing option takes its default). 0 when this build cannot
// rebuild them: an empty text, an unknown game or option, or a value it
// cannot read.
// Remembered per (game, text), so that thousands of old records cost one
// computation. Thread-safe.
uint64_t fingerprint_of_recorded_rules(const std::string& game_name, const std::string& rules_yaml);

// 16 lowercase hex digits, as messages and JSON views print a fingerprint.
std::string fingerprint_hex(uint64_t fingerprint);

}  // namespace inchzero
