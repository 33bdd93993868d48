// Self-play from positions of earlier games (Go-Exploit: Trudel and
// Altahhan, "Targeted Search Control in AlphaZero for Effective Policy
// Improvement", 2023). A game of 450-5,000 plies yields its late positions
// only after the whole game has been played; starting a share of the games
// (selfplay.exploit_share) from positions drawn out of recent games puts
// searches, and training samples, where the long games spend little of their
// time, without replaying the game up to them.
//
// The positions are drawn by the caller (the run loop from its replay
// window, an extra worker from its last round) and handed to the
// SelfPlayRunner; which game starts where follows from each game's own
// seed, so the games replay exactly whatever the number of workers.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "selfplay/game_record.h"

namespace inchzero {

// The derive_seed stream of the start-position draws ("exp"), for the run
// loop and the extra workers alike.
constexpr uint64_t kStartPositionStream = 0x657870;

// `count` positions (Game::state_from_position notation), each drawn
// uniformly: a record of `records`, then one of its decisions, the game
// replayed up to it and on to the next move boundary (a compound move is not
// cut). A record's own start position is where its replay starts. Positions
// at or after the end of the game are not drawn: a record whose decisions
// reach no move boundary before its end gives none. The notation keeps the
// counters the rules read (ply, plies since a capture, passes), so a game
// started there plays on under the rules as they stand at that ply; what it
// does not keep is the history before it (a repetition rule sees only the
// plies played from there). Empty when `count` is 0 or no record gives a
// position. Deterministic given `rng` and the set of records, whatever
// their order (they are taken in the order of their seeds). Precondition: the records replay
// (a replay buffer has checked them, or this build's self-play played them).
std::vector<std::string> draw_start_positions(const Game& game,
                                              std::vector<const GameRecord*> records, int count,
                                              std::mt19937_64& rng);

}  // namespace inchzero
