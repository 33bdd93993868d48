// The options that choose a game and a position, shared by every subcommand
// that takes a game: --game, --rules, --set, --position, --moves.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero::cli {

struct GameSelection {
  std::string game = "inchworm";
  std::string rules;
  std::vector<std::string> overrides;
  std::string position;
  std::string moves;

  // Declare --game/--rules/--set; with_position adds --position/--moves.
  void add_options(CLI::App& app, bool with_position = true);
  // Build the game; throws GameError on a bad game, rule set or option.
  std::shared_ptr<const Game> load() const;
  // The position after --position and --moves. An illegal or unparsable move
  // throws GameError("move N 'text': why").
  std::unique_ptr<State> load_state(const Game& game) const;
};

// Split a move list on whitespace.
std::vector<std::string> split_moves(const std::string& text);

}  // namespace inchzero::cli
