#include "selfplay/players/move_clock.h"

#include <algorithm>

namespace inchzero {

double decision_share_ms(const State& state, double left_ms, std::unique_ptr<State>& scratch) {
  for (Action action : state.legal_actions()) {
    if (!scratch) {
      scratch = state.clone();
    } else {
      scratch->copy_from(state);
    }
    scratch->apply_action(action);
    if (scratch->in_compound_move()) return left_ms / 2;
  }
  return left_ms;
}

void MoveClock::start_decision(const State& state) {
  if (!limited()) return;
  const Clock::time_point now = Clock::now();
  const double used_ms = std::chrono::duration<double, std::milli>(now - start_).count();
  const double left_ms = std::max(0.0, budget_ms_ - used_ms);
  deadline_ =
      now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(
                decision_share_ms(state, left_ms, scratch_)));
}

}  // namespace inchzero
