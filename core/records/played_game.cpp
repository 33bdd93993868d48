#include "core/records/played_game.h"

#include <algorithm>

#include "core/registry.h"

namespace inchzero {

std::unique_ptr<State> PlayedGame::start_state() const {
  return start_position.empty() ? game->initial_state() : game->state_from_position(start_position);
}

std::shared_ptr<const Game> rebuild_game(const std::string& name, const std::string& label,
                                         const std::vector<std::string>& assignments) {
  std::shared_ptr<const Game> exact = load_game(name, "", assignments);
  if (label.empty()) return exact;
  try {
    std::shared_ptr<const Game> named = load_game_from_label(name, label);
    if (named->options().to_yaml() == exact->options().to_yaml()) return named;
  } catch (const GameError&) {
    // The label no longer rebuilds: the values alone.
  }
  return exact;
}

std::string result_text(int winner, EndReason end_reason) {
  if (end_reason == EndReason::kNone) return "*";
  if (winner == 0) return "1-0";
  if (winner == 1) return "0-1";
  if (winner == kNoPlayer) return "1/2-1/2";
  throw GameError("winner " + std::to_string(winner) + " is not 0, 1 or -1");
}

void check_outcome(const State& final_state, int winner, EndReason end_reason) {
  const std::string claimed =
      result_text(winner, end_reason) +
      (end_reason == EndReason::kNone ? "" : " (" + std::string(to_string(end_reason)) + ")");
  if (final_state.is_terminal()) {
    const std::string actual = result_text(final_state.winner(), final_state.end_reason()) + " (" +
                               to_string(final_state.end_reason()) + ")";
    if (actual != claimed) throw GameError("the moves end the game " + actual + ", not " + claimed);
    return;
  }
  if (end_reason == EndReason::kNone) return;  // unfinished
  if (end_reason == EndReason::kResign) {
    if (winner != 1 - final_state.current_player())
      throw GameError("a resignation is by the player to move (player " +
                      std::to_string(final_state.current_player()) + "), so the result is " +
                      result_text(1 - final_state.current_player(), EndReason::kResign) + ", not " +
                      claimed);
    return;
  }
  if (end_reason == EndReason::kDecisionLimit) {
    if (winner != kNoPlayer) throw GameError("a decision_limit game is a draw, not " + claimed);
    return;
  }
  throw GameError("the moves do not end the game, but the record says " + claimed);
}

std::unique_ptr<State> replay(const PlayedGame& game,
                              const std::function<void(size_t, const State&)>& before_move) {
  std::unique_ptr<State> state = game.start_state();
  for (size_t i = 0; i < game.moves.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + ": ";
    if (state->is_terminal())
      throw GameError(where + "comes after the end of the game (" + to_string(state->end_reason()) +
                      ")");
    if (before_move) before_move(i, *state);
    const Move& move = game.moves[i];
    if (move.empty()) throw GameError(where + "an empty move");
    for (size_t k = 0; k < move.size(); ++k) {
      const std::vector<Action> legal = state->legal_actions();
      if (!std::binary_search(legal.begin(), legal.end(), move[k]))
        throw GameError(where + "decision " + std::to_string(k + 1) + " (" +
                        game.game->action_to_string(move[k]) + ") is not legal");
      state->apply_action(move[k]);
      if (state->in_compound_move() == (k + 1 == move.size()))
        throw GameError(where + "its decisions do not make exactly one full move");
    }
  }
  return state;
}

std::vector<std::string> move_texts(const PlayedGame& game) {
  std::vector<std::string> texts;
  replay(game, [&](size_t i, const State& state) {
    texts.push_back(state.move_to_string(game.moves[i]));
  });
  return texts;
}

}  // namespace inchzero
