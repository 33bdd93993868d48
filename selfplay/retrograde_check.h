// Any player measured against a retrograde solution (core/solver/retrograde.h):
// the ground truth that tells an attacker that can break a wall from one
// that cannot, on boards small enough to solve.
//  * Decisions: on the contested positions (some legal move changes the
//    value for the player to move; all, or a seeded sample), how often the
//    player's move keeps the exact value, split by the value it had (a won
//    position kept won, a drawn one kept drawn; a lost one is never
//    contested, every move loses).
//  * Conversion: from a seeded sample of won positions, the player plays the
//    winning side against the perfect defender (the solution's longest
//    resistance); converted when it wins within twice the distance to the
//    end plus `extra_moves`. A player that keeps the value but never gets
//    on with it (a wall attacker that shuffles) keeps every won position
//    and converts none, which is why both are reported.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/solver/retrograde.h"
#include "selfplay/players/player.h"

namespace inchzero {

struct RetrogradeCheckOptions {
  int64_t sample = 1000;      // contested positions checked (0 = all)
  int64_t conversions = 100;  // won positions played out (0 = none)
  int extra_moves = 20;       // a conversion's allowance beyond twice the distance
  uint64_t seed = 1;          // of both samples and of the player's own choices
};

struct RetrogradeCheck {
  int64_t contested_positions = 0;  // in the solution
  int64_t won_checked = 0, won_kept = 0;
  int64_t drawn_checked = 0, drawn_kept = 0;
  int64_t conversion_games = 0;
  int64_t converted = 0;
  int64_t win_dropped = 0;            // conversion games the player's move drew or lost
  int64_t extra_moves_converted = 0;  // moves beyond the distance, summed over conversions
  uint64_t seed = 0;

  int64_t checked() const { return won_checked + drawn_checked; }
  int64_t kept() const { return won_kept + drawn_kept; }
  // {"contested_positions", "checked", "optimal", "won": {"checked", "kept"},
  //  "drawn": {...}, "conversion": {"games", "converted", "win_dropped",
  //  "mean_extra_moves"}, "seed"}.
  nlohmann::json to_json() const;
};

// Checks the players `factory` makes against `solution`. Single-threaded
// and exactly reproducible for a player whose choices follow its seed.
// `progress(done, total)` after each checked position and conversion game.
RetrogradeCheck check_player_against_retrograde(
    const solver::RetrogradeSolution& solution, const PlayerFactory& factory,
    const RetrogradeCheckOptions& options,
    const std::function<void(int64_t, int64_t)>& progress = nullptr);

}  // namespace inchzero
