// Position notation of every game (FEN for the chess games). A text the game
// accepts must describe a whole position: it prints, the print reads back as
// the same position, and its moves are consistent (each legal move prints
// and parses back to itself).
#include "fuzz/fuzz_games.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace inchzero;
  if (size < 1) return 0;
  const Game& game = fuzz::game_for(data);
  std::unique_ptr<State> state;
  try {
    state = game.state_from_position(fuzz::text_after_first(data, size));
  } catch (const GameError&) {
    return 0;  // refused with a message: what the parser should do
  }
  const std::string printed = state->to_position();
  std::unique_ptr<State> again;
  try {
    again = game.state_from_position(printed);
  } catch (const GameError& e) {
    fuzz::broken(game.name() + ": its own print '" + printed + "' is refused: " + e.what());
  }
  if (again->to_position() != printed || again->hash() != state->hash())
    fuzz::broken(game.name() + ": '" + printed + "' reads back as another position");
  if (state->is_terminal()) return 0;
  const std::vector<Move> moves = state->legal_moves();
  if (moves.empty()) fuzz::broken(game.name() + ": '" + printed + "' runs but has no move");
  for (size_t i = 0; i < moves.size() && i < 8; ++i) {
    const std::string text = state->move_to_string(moves[i]);
    if (state->parse_move(text) != moves[i])
      fuzz::broken(game.name() + ": move '" + text + "' parses as another in '" + printed + "'");
    std::unique_ptr<State> child = state->clone();
    child->apply_move(moves[i]);
    (void)child->is_terminal();
  }
  return 0;
}
