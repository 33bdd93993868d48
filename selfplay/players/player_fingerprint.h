// A player's behaviour fingerprint: what it plays, folded into 16 hex
// digits. Why: a result file records the spec of each player that made it
// (`siege:3`, `wall`), but the code behind a spec changes — the lab's
// builder got a new ranking rule on 2026-12-06 and every verdict cell had
// to be played again — and a lab that resumes from files played by another
// version mixes two players under one name without a word. Comparing a
// file's fingerprint with the player's own now refuses that.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"

namespace inchzero {

// Plies of the self-play game behind a fingerprint: long enough that a
// builder has started its formation, short enough that a three-move search
// answers within a second or two.
constexpr int kFingerprintPlies = 24;

// The fingerprint of the player `spec` in `game`: the player against itself
// (seeds 1 and 2) for kFingerprintPlies plies from the start or until the
// game ends, every chosen move folded in order (FNV-1a, core/fnv.h), as 16
// hex digits. "" for a player whose moves a seed does not fix or that needs
// outside files: a time limit per move, networks, Stockfish. Deterministic:
// the same code gives the same fingerprint on every machine. Throws
// GameError for a bad spec.
std::string player_fingerprint(const std::shared_ptr<const Game>& game, const std::string& spec);

}  // namespace inchzero
