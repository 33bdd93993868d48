// The end-of-game rules of a chess rule set, resolved from its options.
#pragma once

#include "core/games/chess/variant.h"
#include "core/rules/options.h"

namespace inchzero::chess {

struct ChessRules {
  Variant variant;
  int move_rule_plies =
      200;               // draw after this many plies without capture or pawn advance (0 = off)
  int repetition = 3;    // the same position for the N-th time draws (0 = off)
  int max_plies = 1000;  // the game ends as a draw after this many plies (0 = off)

  // Read the options of inchworm-chess / longworm-chess (long_worm: which game).
  static ChessRules from_options(const RuleOptions& options, bool long_worm);
};

}  // namespace inchzero::chess
