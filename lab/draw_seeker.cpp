#include "lab/draw_seeker.h"

#include "core/game.h"
#include "selfplay/players/uct_player.h"

namespace inchzero::lab {
namespace {

const char* const kUctPrefix = "uct:";
// A draw's reward for the draw-seeker: a win's.
constexpr double kDrawIsAWin = 1.0;

}  // namespace

DrawSeekerFactory::DrawSeekerFactory(const std::string& argument) {
  try {
    uct_ = parse_player_spec(kUctPrefix + argument);
  } catch (const GameError& e) {
    throw GameError(
        "player spec 'drawseek:" + argument +
        "' takes the argument of uct (drawseek:N[:c=X][:rollout_plies=M][:ms=T]): " + e.what());
  }
}

std::unique_ptr<Player> DrawSeekerFactory::make(uint64_t seed) const {
  return std::make_unique<UctPlayer>(uct_, seed, kDrawIsAWin);
}

std::string DrawSeekerFactory::describe() const {
  return "drawseek:" + uct_.to_string().substr(std::string(kUctPrefix).size());
}

}  // namespace inchzero::lab
