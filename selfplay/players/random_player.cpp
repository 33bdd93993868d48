#include "selfplay/players/random_player.h"

namespace inchzero {

Action random_action(const State& state, std::mt19937_64& rng, std::vector<Action>& actions) {
  return state.random_legal_action(rng, actions);
}

Move RandomPlayer::choose_move(const State& state) {
  std::unique_ptr<State> walk = state.clone();
  Move move;
  do {
    Action a = random_action(*walk, rng_, actions_);
    walk->apply_action(a);
    move.push_back(a);
  } while (walk->in_compound_move());
  return move;
}

}  // namespace inchzero
