// Move notation: whitespace-separated move texts played from the start of
// the game picked by the first byte. A text the position accepts must be one
// of its legal moves and print back to a text that parses to the same move.
#include <algorithm>
#include <sstream>

#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  if (size < 1) return 0;
  const Game& game = fuzz::game_for(data);
  std::unique_ptr<State> state = game.initial_state();
  std::istringstream in(fuzz::text_after_first(data, size));
  std::string text;
  for (int plies = 0; plies < 64 && in >> text && !state->is_terminal(); ++plies) {
    Move move;
    try {
      move = state->parse_move(text);
    } catch (const GameError&) {
      return 0;
    }
    if (state->parse_move(state->move_to_string(move)) != move)
      fuzz::broken(game.name() + ": '" + text + "' does not print back to itself");
    // Each decision legal where it is taken. (Not legal_moves(): listing every
    // full move of a long Inchworm chain takes seconds, which is the
    // enumeration's cost, not the parser's.)
    for (Action a : move) {
      const std::vector<Action> legal = state->legal_actions();
      if (std::find(legal.begin(), legal.end(), a) == legal.end())
        fuzz::broken(game.name() + ": '" + text + "' parses to a move with an illegal decision");
      state->apply_action(a);
    }
  }
  return 0;
}
