#include "core/games/inchworm/inchworm_game.h"

#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::inchworm {

InchwormGame::InchwormGame(const RuleOptions& options)
    : options_(options),
      rules_(Rules::from_options(options)),
      geometry_(rules_.width, rules_.height, rules_.topology),
      layout_(geometry_.num_cells()) {}

std::unique_ptr<InchwormState> InchwormGame::new_initial_state() const {
  Position pos;
  pos.set_stock(kRed, rules_.start_stock[kRed]);
  pos.set_stock(kBlue, rules_.start_stock[kBlue]);
  return std::make_unique<InchwormState>(shared_from_this(), pos, 0, 0, 0);
}

std::unique_ptr<State> InchwormGame::initial_state() const { return new_initial_state(); }

std::unique_ptr<State> InchwormGame::state_from_position(const std::string& text) const {
  return new_state_from_position(text);
}

std::string InchwormGame::action_to_string(Action action) const {
  if (action < 0 || action >= num_actions()) return "invalid(" + std::to_string(action) + ")";
  const std::string sq =
      layout_.has_cell(action) ? geometry_.square_name(layout_.cell(action)) : "";
  switch (layout_.kind(action)) {
    case ActionKind::kDrop:
      return "drop " + sq;
    case ActionKind::kPrisonerDrop:
      return "@" + sq;
    case ActionKind::kCollectFrom:
      return "collect from " + sq;
    case ActionKind::kDistributeFrom:
      return "distribute from " + sq;
    case ActionKind::kTo:
      return "to " + sq;
    case ActionKind::kRescue:
      return "rescue";
    case ActionKind::kPass:
      return "pass";
    case ActionKind::kEndCollect:
      return "end collect";
  }
  return "?";
}

Action InchwormGame::transform_action(Action action, int sym) const {
  if (!layout_.has_cell(action)) return action;
  const int n = geometry_.num_cells();
  return action - layout_.cell(action) + geometry_.transform_cell(action % n, sym);
}

int InchwormGame::max_game_length() const {
  // Longest move: a distribution over every square, or a collect across the board.
  const int per_move = geometry_.num_cells() + 1;
  const int plies = rules_.max_plies > 0 ? rules_.max_plies : 100000;
  return plies * per_move;
}

std::shared_ptr<const Game> make_game(const RuleOptions& options) {
  return std::make_shared<const InchwormGame>(options);
}

}  // namespace inchzero::inchworm
