#include "selfplay/players/greedy_player.h"

#include "core/move_sample.h"

namespace inchzero {

double greedy_value(const State& after, int mover) {
  constexpr double kDecided = 1e9;
  if (after.is_terminal()) {
    if (after.winner() == kNoPlayer) return 0.0;
    return after.winner() == mover ? kDecided : -kDecided;
  }
  return after.points(mover) - after.points(1 - mover);
}

Move GreedyPlayer::choose_move(const State& state) {
  const int mover = state.current_player();
  std::vector<Move> moves = sample_legal_moves(state, kDefaultMovesPerFirstDecision, rng_);
  // Reservoir sampling over the best moves: a uniform tie-break in one pass.
  size_t best = 0;
  double best_value = 0;
  int ties = 0;
  // Each move is played into one reused state (copy_from: no allocation).
  std::unique_ptr<State> after = state.clone();
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) after->copy_from(state);
    after->apply_move(moves[i]);
    double value = greedy_value(*after, mover);
    if (ties == 0 || value > best_value) {
      best = i;
      best_value = value;
      ties = 1;
    } else if (value == best_value) {
      ++ties;
      if (std::uniform_int_distribution<int>(0, ties - 1)(rng_) == 0) best = i;
    }
  }
  return moves[best];
}

}  // namespace inchzero
