// The network player: a saved network searching a fixed number of
// simulations per move with the self-play search (selfplay/search), without
// root noise, playing the most visited move (temperature 0).
#pragma once

#include <memory>

#include "core/game.h"
#include "selfplay/players/player.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {

// Loads spec.path once; the factory's players share the loaded network.
// Throws GameError when the file cannot be loaded or does not fit `game`.
std::unique_ptr<PlayerFactory> make_net_player_factory(const PlayerSpec& spec,
                                                       std::shared_ptr<const Game> game);

}  // namespace inchzero
