// The draw-seeker (issue 18, part 7): a search player rewarded for draws, to
// find drawing strategies that the hand-written wall-builder
// (lab/wall_player.h) does not know. It is UCT with random rollouts
// (selfplay/players/uct_player.h) in which a draw is worth a win to itself
// and a loss to its opponent, so it prefers a sure draw to a win that the
// opponent could refute, and either to a loss. Spec
// `drawseek:N[:c=X][:rollout_plies=M][:ms=T]`, the options of `uct`, registered
// by lab/lab_players.h for every game.
#pragma once

#include <memory>
#include <string>

#include "selfplay/players/player.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {

class DrawSeekerFactory : public PlayerFactory {
 public:
  // `argument` is what follows "drawseek:" ("200:rollout_plies=40"); throws
  // GameError naming the spec when it is not a valid uct argument.
  explicit DrawSeekerFactory(const std::string& argument);
  std::unique_ptr<Player> make(uint64_t seed) const override;
  // "drawseek:" and the canonical uct argument.
  std::string describe() const override;

 private:
  PlayerSpec uct_;
};

}  // namespace inchzero::lab
