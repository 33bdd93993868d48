// The network player: a saved network searching a fixed number of
// simulations per move with the self-play search (selfplay/search), without
// root noise, playing the most visited move (temperature 0) or, with the
// spec's temp=T, a move drawn with probability proportional to visits^(1/T)
// (a Gumbel root search: to its improved policy^(1/T)).
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "model/network_path.h"
#include "selfplay/players/player.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/search_config.h"

namespace inchzero {

// Loads spec.path once; the factory's players share the loaded network and
// search with `search` (each game its own tree and a small cache; the seed
// of a player only picks the symmetry of each evaluation). N simulations per
// decision, the subtree reused from one decision of the move to the next;
// forced decisions are played without search. With spec.temperature > 0 each
// searched decision of the player's first spec.temperature_moves moves (every
// move when 0) is drawn with that temperature from the visit counts (PUCT
// root) or from the improved policy (Gumbel root, whose own choice is its
// surviving candidate), from the player's seed, so a match stays
// reproducible. With spec.time_ms (ms=T) each move also stops its searches
// when their share of T ms is up (move_clock.h; a Gumbel root then plays
// the most visited candidate of the halving phase it reached). Throws GameError when the file
// cannot be loaded or does not fit `game`.
std::unique_ptr<PlayerFactory> make_net_player_factory(const PlayerSpec& spec,
                                                       std::shared_ptr<const Game> game,
                                                       const SearchConfig& search,
                                                       const InferenceOptions& inference);

}  // namespace inchzero
