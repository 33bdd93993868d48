#include "core/game.h"

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

namespace inchzero {

std::vector<Action> State::random_completion(std::mt19937_64& rng) const {
  std::vector<Action> rest, scratch;
  std::unique_ptr<State> s = clone();
  while (s->in_compound_move()) {
    const Action a = s->random_legal_action(rng, scratch);
    s->apply_action(a);
    rest.push_back(a);
  }
  return rest;
}

double State::points(int player) const {
  const nlohmann::json view = to_json();
  auto it = view.find("scores");
  if (it == view.end() || !it->is_array() || player < 0 ||
      static_cast<size_t>(player) >= it->size() || !(*it)[player].is_number()) {
    return 0.0;
  }
  return (*it)[player].get<double>();
}

bool keeps_score(const State& state) {
  static std::mutex mutex;
  static std::map<std::string, bool> known;
  const std::string name = state.game().name();
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(name);
  if (it == known.end()) it = known.emplace(name, state.to_json().contains("scores")).first;
  return it->second;
}

}  // namespace inchzero
