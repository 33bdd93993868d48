#include "cli/game_selection.h"

#include "core/quoted_text.h"
#include "core/registry.h"
#include "core/words.h"

namespace inchzero::cli {

void GameSelection::add_options(CLI::App& app, bool with_position) {
  std::string games;
  for (const auto& e : game_table()) games += (games.empty() ? "" : ", ") + e.name;
  app.add_option("--game", game, "game: " + games)->capture_default_str();
  app.add_option("--rules", rules,
                 "rule set: a shipped name (see `inchzero rules`) or a YAML file");
  app.add_option("--set", overrides, "override a rule option, key=value (repeatable)")
      ->allow_extra_args(false);
  if (with_position) {
    // --fen: the name chess users expect; the same option and code path.
    app.add_option("--position,--fen", position,
                   "start from this position (the game's notation; FEN for chess)");
    app.add_option("--moves", moves, "moves to play first, space-separated");
  }
}

std::shared_ptr<const Game> GameSelection::load() const {
  return load_game(game, rules, overrides);
}

std::vector<std::string> split_moves(const std::string& text) { return split_words(text); }

std::unique_ptr<State> GameSelection::load_state(const Game& g) const {
  std::unique_ptr<State> state =
      position.empty() ? g.initial_state() : g.state_from_position(position);
  // A capture suffix "X a1-b2" belongs to the move before it; glue it back.
  std::vector<std::string> tokens = split_moves(moves), merged;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i] == "X" && !merged.empty() && i + 1 < tokens.size()) {
      merged.back() += " X " + tokens[i + 1];
      ++i;
    } else {
      merged.push_back(tokens[i]);
    }
  }
  for (size_t i = 0; i < merged.size(); ++i) {
    try {
      if (state->is_terminal()) throw GameError("the game is already over");
      state->apply_move(state->parse_move(merged[i]));
    } catch (const GameError& e) {
      throw GameError("illegal move " + std::to_string(i + 1) + " '" + quoted_excerpt(merged[i]) +
                      "': " + with_input_quoted(e.what(), merged[i]));
    }
  }
  return state;
}

}  // namespace inchzero::cli
