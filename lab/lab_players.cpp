#include "lab/lab_players.h"

#include "lab/draw_seeker.h"
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
  PlayerKind seeker;
  seeker.name = "drawseek";
  seeker.grammar = "drawseek:N[:c=X][:rollout_plies=M]";
  seeker.summary = "UCT counting a draw as a win for itself: " + seeker.grammar;
  seeker.takes_argument = true;
  seeker.make = [](const PlayerSpec& spec, std::shared_ptr<const Game>, const SearchConfig&) {
    return std::make_unique<DrawSeekerFactory>(spec.argument);
  };
  register_player_kind(std::move(seeker));
}

}  // namespace inchzero::lab
