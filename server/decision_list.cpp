#include "server/decision_list.h"

namespace inchzero {

std::vector<DecisionInfo> list_decisions(const State& state) {
  std::vector<DecisionInfo> out;
  if (state.is_terminal()) return out;
  const auto [width, height] = board_size(state);
  const Game& game = state.game();
  const bool at_boundary = !state.in_compound_move();
  for (Action a : state.legal_actions()) {
    DecisionInfo d;
    d.action = a;
    d.text = game.action_to_string(a);
    d.notation = d.text;
    if (at_boundary) {
      auto after = state.clone();
      after->apply_action(a);
      if (!after->in_compound_move()) d.notation = state.move_to_string({a});
    }
    d.squares = squares_named(d.notation, width, height);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace inchzero
