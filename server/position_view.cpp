#include "server/position_view.h"

#include "core/records/pgn.h"
#include "server/decision_list.h"

namespace inchzero {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

nlohmann::ordered_json position_view(const Game& game, const ReplayedPosition& position) {
  const State& state = *position.state;
  const nlohmann::json board = state.to_json();
  const int width = board.value("width", 0), height = board.value("height", 0);

  json options = json::object();
  for (const auto& [name, value] : option_values(game)) options[name] = value;
  json decisions = json::array();
  for (const DecisionInfo& d : list_decisions(state))
    decisions.push_back(
        {{"action", d.action}, {"text", d.text}, {"label", d.notation}, {"squares", d.squares}});
  json last_move = nullptr;
  if (!position.move_texts.empty()) {
    const std::string& text = position.move_texts.back();
    last_move = {{"text", text}, {"squares", squares_named(text, width, height)}};
  }
  std::vector<std::string> pending_squares;
  for (const std::string& d : position.pending)
    for (const std::string& s : squares_named(d, width, height)) pending_squares.push_back(s);

  const bool terminal = state.is_terminal();
  json view = {
      {"game", game.name()},
      {"rulesLabel", game.options().label()},
      {"options", std::move(options)},
      {"width", width},
      {"height", height},
      {"board", board},
      {"moves", position.move_texts},
      {"lastMove", std::move(last_move)},
      {"completedMove", position.completed ? json(*position.completed) : json(nullptr)},
      {"pending", position.pending},
      {"pendingSquares", pending_squares},
      {"inCompoundMove", state.in_compound_move()},
      {"currentPlayer", terminal ? json(nullptr) : json(state.current_player())},
      {"terminal", terminal},
      {"winner", terminal && state.winner() != kNoPlayer ? json(state.winner()) : json(nullptr)},
      {"endReason", terminal ? json(to_string(state.end_reason())) : json(nullptr)},
      {"position", state.in_compound_move() ? json(nullptr) : json(state.to_position())},
      {"text", state.to_text()},
      {"decisions", std::move(decisions)}};
  return view;
}

}  // namespace inchzero
