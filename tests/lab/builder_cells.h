// Synthetic wall-builder games and cells for the lab's report tests
// (verdict_file_test, agent_pool_test, seeker_report_test): finished games
// with a chosen result, so that a test states a W-D-L and checks what the
// report makes of it without playing.
#pragma once

#include <string>
#include <vector>

#include "lab/lab_runner.h"

namespace inchzero::lab::test {

// Appends `n` builder games with `result` (+1 the builder wins at the
// target, 0 a draw at the cap, -1 the builder loses at the target) of 100
// plies each, the builder's colour alternating from Red. A draw is a clock
// draw (no formation), or with `fortress` a fortress draw: the builder's
// proven fortress stood from the start and the target was out of reach
// without capturing it.
inline void add_builder_games(std::vector<BuilderGame>& out, int n, int result,
                              bool fortress = false) {
  for (int k = 0; k < n; ++k) {
    BuilderGame g;
    g.builder = k % 2;
    g.metrics.end_reason = result == 0 ? EndReason::kCap : EndReason::kTarget;
    g.metrics.plies = 100;
    g.metrics.winner = result == 0 ? kNoPlayer : result > 0 ? g.builder : 1 - g.builder;
    g.metrics.fortress_recorded = true;
    if (fortress && result == 0) {
      g.metrics.fortress_since[g.builder] = 0;
      g.metrics.fortress_needed[g.builder] = true;
    }
    out.push_back(g);
  }
}

// A cell of agent `agent` of `rule_set` in which the builder goes
// wins-draws-losses, every game kept (its draws, at the cap with no
// formation, are clock draws).
inline CellResult builder_cell(const std::string& rule_set, int wins, int draws, int losses,
                               int agent = 1, bool fortress = false) {
  CellResult c;
  c.rule_set = rule_set;
  c.agent_index = agent;
  c.wall_wins = wins;
  c.wall_draws = draws;
  c.wall_losses = losses;
  add_builder_games(c.builder_games, wins, 1);
  add_builder_games(c.builder_games, draws, 0, fortress);
  add_builder_games(c.builder_games, losses, -1);
  return c;
}

// builder_cell whose draws are fortress draws: the wall held them.
inline CellResult fortress_cell(const std::string& rule_set, int wins, int draws, int losses) {
  return builder_cell(rule_set, wins, draws, losses, 1, /*fortress=*/true);
}

// `n` finished games of opponent `spec` with `result` each (+1 it wins, 0 a
// draw, -1 it loses), its W-D-L counted: a draw-seeker's (or the builder's)
// games against the agent.
inline OpponentGames opponent_games(const std::string& spec, int n, int result) {
  OpponentGames o;
  o.opponent = spec;
  add_builder_games(o.games, n, result);
  (result > 0 ? o.wins : result == 0 ? o.draws : o.losses) = n;
  return o;
}

// A lab config over `rule_sets` (each its own rules), one 1x budget, 20
// builder games per cell and no strength gate: the reports' tests state
// their cells themselves.
inline LabConfig report_config(const std::vector<std::string>& rule_sets) {
  LabConfig config;
  config.description = "test";
  config.budgets = {1};
  config.wall_games = 20;
  config.strength_gate.games = 0;
  for (const std::string& name : rule_sets) config.rule_sets.push_back({name, name, {}, "", {}});
  return config;
}

}  // namespace inchzero::lab::test
