#include "lab/lab_players.h"

#include <string>

#include "core/game.h"
#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/inchworm_state.h"
#include "lab/draw_seeker.h"
#include "lab/siege_player.h"
#include "lab/wall_player.h"
#include "selfplay/players/alphabeta_player.h"
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
  PlayerKind waiter;
  waiter.name = "waiter";
  waiter.summary = "the passive waiter: the wall-builder's care, never a formation (Inchworm)";
  waiter.games = {"inchworm"};
  waiter.make = [](const PlayerSpec&, std::shared_ptr<const Game> game, const SearchConfig&) {
    return std::make_unique<WallPlayerFactory>(*game, DefenderAim::kWait);
  };
  register_player_kind(std::move(waiter));
  PlayerKind seeker;
  seeker.name = "drawseek";
  seeker.grammar = "drawseek:N[:c=X][:rollout_plies=M][:ms=T]";
  seeker.summary = "UCT counting a draw as a win for itself: " + seeker.grammar;
  seeker.takes_argument = true;
  seeker.make = [](const PlayerSpec& spec, std::shared_ptr<const Game>, const SearchConfig&) {
    return std::make_unique<DrawSeekerFactory>(spec.argument);
  };
  register_player_kind(std::move(seeker));
  PlayerKind siege;
  siege.name = "siege";
  siege.grammar = "siege:D";
  siege.summary = "alpha-beta over points, ties broken by liberties (Inchworm): " + siege.grammar;
  siege.games = {"inchworm"};
  siege.takes_argument = true;
  siege.make = [](const PlayerSpec& spec, std::shared_ptr<const Game> game, const SearchConfig&) {
    if (dynamic_cast<const inchworm::InchwormGame*>(game.get()) == nullptr)
      throw GameError("the siege player plays only the 'inchworm' game, not '" + game->name() +
                      "'");
    AlphaBetaSettings settings;
    size_t used = 0;
    try {
      settings.depth = std::stoi(spec.argument, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != spec.argument.size() || settings.depth < 1 || settings.depth > 8)
      throw GameError("player spec 'siege:" + spec.argument +
                      "': write the depth in full moves, 1 to 8 (siege:2)");
    settings.kind = "siege";
    settings.draw_is_failure = true;  // the attacker's draw is the wall holding
    settings.evaluation = [](const State& state, int player) {
      return siege_pressure(static_cast<const inchworm::InchwormState&>(state), player);
    };
    return std::make_unique<AlphaBetaPlayerFactory>(settings);
  };
  register_player_kind(std::move(siege));
}

}  // namespace inchzero::lab
