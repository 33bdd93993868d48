// Helpers shared by the chess unit tests (header-only, test code only).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/games/chess/chess_game.h"
#include "core/games/chess/chess_state.h"
#include "core/registry.h"

namespace inchzero::chess::testing {

// "fide", "inchworm" or "longworm" with optional extra "key=value" overrides.
inline std::shared_ptr<const ChessGame> load_chess(const std::string& which,
                                                   std::vector<std::string> overrides = {}) {
  std::string name = which == "longworm" ? "longworm-chess" : "inchworm-chess";
  if (which == "fide") overrides.push_back("inchworm=false");
  return std::dynamic_pointer_cast<const ChessGame>(load_game(name, "", overrides));
}

inline std::unique_ptr<ChessState> start(const ChessGame& game, const std::string& fen = "") {
  return fen.empty() ? game.new_initial_state() : game.new_state_from_position(fen);
}

// Play space-separated moves in notation; fails the test naming the move that
// does not parse.
inline void play(ChessState& state, const std::string& moves) {
  std::istringstream in(moves);
  for (std::string m; in >> m;) {
    ASSERT_FALSE(state.is_terminal()) << "game over before " << m;
    state.apply_move(state.parse_move(m));
  }
}

// Every legal move of the state, in notation.
inline std::vector<std::string> legal_texts(const ChessState& state) {
  std::vector<std::string> out;
  for (const Move& m : state.legal_moves()) out.push_back(state.move_to_string(m));
  return out;
}

inline bool is_legal_text(const ChessState& state, const std::string& text) {
  for (const std::string& m : legal_texts(state))
    if (m == text) return true;
  return false;
}

// Positions of a seeded random game (the start position first).
inline std::vector<std::unique_ptr<ChessState>> random_walk(const ChessGame& game, uint32_t seed,
                                                            int plies,
                                                            const std::string& fen = "") {
  std::vector<std::unique_ptr<ChessState>> out;
  std::mt19937 rng(seed);
  auto state = start(game, fen);
  for (int i = 0; i < plies && !state->is_terminal(); ++i) {
    out.push_back(std::make_unique<ChessState>(*state));
    const auto& moves = state->legal_chess_moves();
    state->play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
  }
  out.push_back(std::move(state));
  return out;
}

}  // namespace inchzero::chess::testing
