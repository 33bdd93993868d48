#include "core/game.h"

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

namespace inchzero {

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
