// The design measures and rule firing of many games under one rule set
// (issue 18, part 6), per report cell: natural draws against timeouts,
// Browne's Decisiveness, LeadChange and Drama, and per fix how often it
// fired. Built from the per-game metrics (lab/game_metrics.h); definitions
// in docs/lab/README.md, "Design measures".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lab/game_metrics.h"
#include "lab/lab_metrics.h"

namespace inchzero::lab {

// How often one fix fired in a set of games.
struct FixFiring {
  double per_game = 0;  // mean plies per game at which it fired
  Rate games;           // games in which it fired at least once
};

struct DesignSummary {
  int games = 0;
  // Draws the rules ended (target with equal scores, repetition, stalemate,
  // the no-capture limit) and games the move cap ended (Ludii's Timeouts),
  // shares of all games.
  Rate natural_draws, timeouts;
  // The rest only over games whose measures were recorded (`recorded`).
  int recorded = 0;
  int decided = 0;  // recorded games with a winner
  // Mean over decided games of decisive_ply / plies (0 = decided at once,
  // 1 = only at the end).
  double decisiveness = 0;
  // Mean over games of lead_changes / plies, and lead changes per game.
  double lead_change = 0, lead_changes_per_game = 0;
  // Mean over decided games of the winner's mean deficit (points) over the
  // positions where it trailed (0 when it never trailed).
  double drama = 0;
  Rate comebacks;                           // decided games in which the winner trailed somewhere
  std::map<std::string, FixFiring> firing;  // fix option -> how often it fired
};

// Summarise `games` (may be empty: every rate 0 of 0).
DesignSummary summarize_design(const std::vector<GameMetrics>& games);

}  // namespace inchzero::lab
