// Helpers shared by the Invector tests.
#pragma once

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/games/invector/invector.h"
#include "core/games/invector/invector_state.h"

namespace inchzero::invector::testing {

inline std::shared_ptr<const InvectorGame> make(const std::vector<std::string>& overrides = {},
                                                const std::string& rules = "") {
  return std::dynamic_pointer_cast<const InvectorGame>(
      make_game(load_rule_options(schema(), rules, overrides)));
}

inline std::unique_ptr<InvectorState> start(const InvectorGame& game) {
  return std::unique_ptr<InvectorState>(
      static_cast<InvectorState*>(game.initial_state().release()));
}

inline std::unique_ptr<InvectorState> at(const InvectorGame& game, const std::string& position) {
  return std::unique_ptr<InvectorState>(
      static_cast<InvectorState*>(game.state_from_position(position).release()));
}

// The legal moves in notation, as a set.
inline std::set<std::string> moves(const State& state) {
  std::set<std::string> out;
  for (const Move& m : state.legal_moves()) out.insert(state.move_to_string(m));
  return out;
}

inline bool has_move(const State& state, const std::string& text) {
  return moves(state).count(text) > 0;
}

// Play moves in notation (each must be legal).
inline void play(State& state, const std::vector<std::string>& texts) {
  for (const auto& t : texts) state.apply_move(state.parse_move(t));
}

}  // namespace inchzero::invector::testing
