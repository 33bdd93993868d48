#include "core/solver/solution.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace inchzero::solver {

std::string position_key(const std::string& boundary_position,
                         const std::vector<Action>& decisions) {
  if (decisions.empty()) return boundary_position;
  std::string key = boundary_position + " |";
  for (size_t i = 0; i < decisions.size(); ++i)
    key += (i ? "," : "") + std::to_string(decisions[i]);
  return key;
}

std::unique_ptr<State> state_for_key(const Game& game, const std::string& key) {
  const auto bar = key.find(" |");
  std::unique_ptr<State> state;
  try {
    state = game.state_from_position(key.substr(0, bar));
  } catch (const GameError& e) {
    throw GameError("solution key '" + key + "' is not a " + game.name() +
                    " position: " + e.what());
  }
  if (bar == std::string::npos) return state;
  const std::string rest = key.substr(bar + 2);
  size_t at = 0;
  while (at <= rest.size()) {
    const auto comma = std::min(rest.find(',', at), rest.size());
    const std::string text = rest.substr(at, comma - at);
    Action action = -1;
    if (!text.empty() && text.size() < 10 &&
        text.find_first_not_of("0123456789") == std::string::npos)
      action = static_cast<Action>(std::stol(text));
    const auto legal = state->legal_actions();
    if (action < 0 || !std::binary_search(legal.begin(), legal.end(), action))
      throw GameError("solution key '" + key + "': decision '" + text + "' is not legal there");
    state->apply_action(action);
    at = comma + 1;
  }
  return state;
}

const SolvedPosition* Solution::find(const std::string& key) const {
  if (index_.size() != positions.size()) {
    index_.clear();
    index_.reserve(positions.size());
    for (size_t i = 0; i < positions.size(); ++i) index_.emplace(positions[i].key, i);
  }
  const auto it = index_.find(key);
  return it == index_.end() ? nullptr : &positions[it->second];
}

const SolvedPosition& Solution::start() const {
  const SolvedPosition* s = find(start_key);
  if (!s) throw std::runtime_error("solution has no start position '" + start_key + "'");
  return *s;
}

}  // namespace inchzero::solver
