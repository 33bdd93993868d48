// Helpers shared by the Steere's Inchworm tests.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/games/steere_inchworm/steere_inchworm.h"
#include "core/games/steere_inchworm/steere_state.h"

namespace inchzero::steere::testing {

inline std::shared_ptr<const SteereGame> make(const std::vector<std::string>& overrides = {},
                                              const std::string& rules = "") {
  return std::dynamic_pointer_cast<const SteereGame>(
      make_game(load_rule_options(schema(), rules, overrides)));
}

// A 5 x 5 game, the board of most hand-made positions.
inline std::shared_ptr<const SteereGame> make5() { return make({"width=5", "height=5"}); }

inline std::unique_ptr<SteereState> start(const SteereGame& game) {
  return std::unique_ptr<SteereState>(static_cast<SteereState*>(game.initial_state().release()));
}

inline std::unique_ptr<SteereState> at(const SteereGame& game, const std::string& position) {
  return std::unique_ptr<SteereState>(
      static_cast<SteereState*>(game.state_from_position(position).release()));
}

inline std::set<std::string> moves(const State& state) {
  std::set<std::string> out;
  for (const Move& m : state.legal_moves()) out.insert(state.move_to_string(m));
  return out;
}

inline void play(State& state, const std::vector<std::string>& texts) {
  for (const auto& t : texts) state.apply_move(state.parse_move(t));
}

}  // namespace inchzero::steere::testing
