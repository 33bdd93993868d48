// The time budget of one move, `ms=T` in the uct and net player specs
// (player_spec.h, issue 46: players compared at equal time per move, as
// people play). A move may be several decisions (an Inchworm distribution,
// a tic-tac-toe row then column), each searched on its own, and they share
// T. Why this split: the player cannot know how many decisions follow, so a
// decision after which the move may go on gets half of the time left, and a
// decision after which every legal action ends the move (the move's last)
// gets all of it; a move of one decision thus uses the whole budget and
// never more. The alpha-beta player searches whole moves and keeps its own
// deadline (alphabeta_player.h).
#pragma once

#include <chrono>
#include <memory>

#include "core/game.h"

namespace inchzero {

// The time a decision in `state` (not terminal) may take out of
// `left_ms`, the time left for the move: left_ms when every legal action
// ends the move, else left_ms / 2. `scratch` is reused for the look-ahead.
double decision_share_ms(const State& state, double left_ms, std::unique_ptr<State>& scratch);

class MoveClock {
 public:
  using Clock = std::chrono::steady_clock;
  // budget_ms 0: no limit, and decision_over() is always false.
  explicit MoveClock(double budget_ms) : budget_ms_(budget_ms), start_(Clock::now()) {}
  bool limited() const { return budget_ms_ > 0; }
  // Starts the search of the next decision of the move, in `state`: its
  // deadline is now plus decision_share_ms of the time left.
  void start_decision(const State& state);
  // True once the decision's deadline has passed (never without a limit).
  bool decision_over() const { return limited() && Clock::now() >= deadline_; }

 private:
  double budget_ms_;
  Clock::time_point start_;
  Clock::time_point deadline_;
  std::unique_ptr<State> scratch_;
};

}  // namespace inchzero
