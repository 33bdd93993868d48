#include "core/game.h"

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

}  // namespace inchzero
