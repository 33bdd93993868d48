#include "selfplay/players/net_player.h"

namespace inchzero {

std::unique_ptr<PlayerFactory> make_net_player_factory(const PlayerSpec& spec,
                                                       std::shared_ptr<const Game> game,
                                                       const SearchConfig& search) {
  (void)game;
  (void)search;
  // TODO(loop): wire to the selfplay Searcher once it is in main.
  throw GameError("player '" + spec.to_string() + "': network players are not available yet");
}

}  // namespace inchzero
