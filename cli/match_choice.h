// The options shared by the commands that play matches between players
// (`match`, `ladder`): the game (--game/--rules/--set, or --run: a training
// run's game, rules and network search settings), --seed, --threads,
// --opening-plies, --movetime.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/game_selection.h"
#include "selfplay/search_config.h"

namespace inchzero::cli {

struct MatchChoice {
  GameSelection selection;
  std::string run;
  uint64_t seed = 1;
  int threads = 1;  // set to the cores by add_options
  int opening_plies = 0;
  int movetime_ms = 0;  // --movetime: 0 = the players as given

  // `specs` with --movetime applied (with_time_per_move, player_spec.h).
  std::vector<std::string> timed(const std::vector<std::string>& specs) const;

  // Declare the options; `opening_help` says what the openings are for here.
  void add_options(CLI::App& app, const std::string& opening_help);
  // The game, and how network players search: the run's when --run is given
  // (with --set's rule options applied over the run's; --run with --game or
  // --rules is refused as bad input).
  // A zoo network among `players` (zoo:NAME) brings its entry's game,
  // rules and search settings (the first entry's) when neither
  // --game/--rules/--set nor --run is given. Throws
  // GameError for a folder without a run, a bad game, or when zoo entries
  // and the options name different games or rules (by behaviour fingerprint).
  std::shared_ptr<const Game> load(SearchConfig& search,
                                   const std::vector<std::string>& players) const;

 private:
  // The game from the options alone.
  std::shared_ptr<const Game> load_named(SearchConfig& search) const;
  const CLI::App* app_ = nullptr;  // set by add_options, to tell what was given
};

}  // namespace inchzero::cli
