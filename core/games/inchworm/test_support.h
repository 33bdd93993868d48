// Helpers for the Inchworm unit tests (header only; not part of the library
// build): load a rule set with overrides, set up positions, play moves.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/registry.h"

namespace inchzero::inchworm::testing {

inline std::shared_ptr<const InchwormGame> game(const std::vector<std::string>& overrides = {},
                                                const std::string& rules = "original") {
  return std::dynamic_pointer_cast<const InchwormGame>(load_game("inchworm", rules, overrides));
}

inline std::unique_ptr<InchwormState> at(const std::shared_ptr<const InchwormGame>& g,
                                         const std::string& position) {
  return g->new_state_from_position(position);
}

// Play moves given in notation (throws GameError on an illegal one).
inline void play(InchwormState& s, const std::string& moves) {
  std::string m;
  for (size_t i = 0; i <= moves.size(); ++i) {
    if (i == moves.size() || moves[i] == ' ') {
      if (!m.empty()) s.apply_move(s.parse_move(m));
      m.clear();
    } else {
      m += moves[i];
    }
  }
}

inline int cell(const InchwormState& s, const std::string& square) {
  return s.geometry().parse_square(square);
}

}  // namespace inchzero::inchworm::testing
