// Game-specific additions to `inchzero bench rules`: one row per game that
// prints extra figures after the generic ones (chess: FIDE perft on the
// published positions against Stockfish). Adding one is a row in
// cli/rules_bench_hooks.cpp.
#pragma once

#include <ostream>
#include <string>

#include "core/game.h"

namespace inchzero::cli {

struct RulesBenchHook {
  const char* game;
  // Print the extra figures to `out`, progress to `log`.
  void (*run)(const Game& game, std::ostream& out, std::ostream& log);
};

// The hook registered for the game named `game`, or nullptr.
const RulesBenchHook* find_rules_bench_hook(const std::string& game);

}  // namespace inchzero::cli
