// The options shared by the engine subcommands (`analyse`, `uci`): what
// answers (--model or --player), how a network searches, the game for a
// player without a network, and the seed.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "engine/engine_context.h"

namespace inchzero::cli {

// "key=value" search settings (selfplay/search_config.h) on top of `base`.
// Throws GameError naming a malformed or unknown one.
SearchConfig parse_search_settings(const std::vector<std::string>& settings,
                                   SearchConfig base = SearchConfig());

struct EngineChoice {
  std::string model;                // a network file, run folder or zoo:NAME
  std::string player;               // any player spec
  int visits = 0;                   // default visits per search (0: the spec's, 64 for --model)
  std::vector<std::string> search;  // "key=value" SearchConfig overrides
  InferenceChoice inference;        // --precision, --device
  uint64_t seed = 1;
  GameSelection selection;

  // Declare the options on `app`.
  void add_options(CLI::App& app);
  // The options of a game played by a person (`play`): the player comes
  // from the command's own option; adds --position/--moves.
  void add_play_options(CLI::App& app);
  // Check the choice (the precision and device resolved) and say what the
  // engine context gets. Throws GameError naming what is wrong.
  EngineOptions resolve(const CLI::App& app) const;
};

}  // namespace inchzero::cli
