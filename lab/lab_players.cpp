#include "lab/lab_players.h"

#include "lab/wall_player.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {

void register_lab_players() {
  PlayerKind wall;
  wall.name = "wall";
  wall.summary = "the scripted wall-builder (Inchworm)";
  wall.games = {"inchworm"};
  wall.make = [](const PlayerSpec&, std::shared_ptr<const Game> game, const SearchConfig&) {
    return std::make_unique<WallPlayerFactory>(*game);
  };
  register_player_kind(std::move(wall));
}

}  // namespace inchzero::lab
