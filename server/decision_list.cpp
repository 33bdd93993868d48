#include "server/decision_list.h"

#include <nlohmann/json.hpp>

namespace inchzero {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::vector<std::string> squares_named(const std::string& text, int width, int height) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    const char file = text[i];
    if (file < 'a' || file > 'z' || text[i + 1] < '1' || text[i + 1] > '9') continue;
    size_t end = i + 2;
    while (end < text.size() && is_digit(text[end]) && end - i < 3) ++end;
    // "a10" on a board of 9 ranks or fewer is a1 followed by a digit: never
    // written, but read the longest rank that is on the board.
    while (end > i + 2 && std::stoi(text.substr(i + 1, end - i - 1)) > height) --end;
    const int rank = std::stoi(text.substr(i + 1, end - i - 1));
    if (file - 'a' < width && rank <= height) out.push_back(text.substr(i, end - i));
    i = end - 1;
  }
  return out;
}

std::pair<int, int> board_size(const State& state) {
  const nlohmann::json j = state.to_json();
  return {j.value("width", 0), j.value("height", 0)};
}

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
