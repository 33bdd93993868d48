#include "core/perft.h"

namespace inchzero {

uint64_t generic_perft(const State& state, int depth) {
  if (depth == 0) return 1;
  if (state.is_terminal()) return 0;
  std::vector<Move> moves = state.legal_moves();
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (const Move& m : moves) {
    std::unique_ptr<State> child = state.clone();
    child->apply_move(m);
    total += generic_perft(*child, depth - 1);
  }
  return total;
}

uint64_t State::perft(int depth) const { return generic_perft(*this, depth); }

uint64_t perft(const State& state, int depth) { return state.perft(depth); }

std::vector<std::pair<std::string, uint64_t>> perft_divide(const State& state, int depth) {
  std::vector<std::pair<std::string, uint64_t>> out;
  if (depth <= 0 || state.is_terminal()) return out;
  for (const Move& m : state.legal_moves()) {
    std::unique_ptr<State> child = state.clone();
    child->apply_move(m);
    out.emplace_back(state.move_to_string(m), child->perft(depth - 1));
  }
  return out;
}

}  // namespace inchzero
