// What a fix does to the wall (issue 50, item 7: "a short paragraph of what
// the fix does to the wall"), read from the builder's games under one rule
// set: did the builder stand its formation, and when; did it fall (the
// builder lost after it had stood and none stood at the end), or did the
// builder lose on points with it standing; did a fortress proven under the rule
// set's own rules stand at the end of its draws, and since when; who led on
// points in those draws; how the games ended and how much was captured.
//
// Why a paragraph made from the games and not written by hand: the verdict
// page is remade by one command from the result files and says nothing its
// files do not carry; a hand-written sentence goes stale when a cell is
// played again. The numbers separate what a status alone cannot: under
// `enclosure-capture` the formation stands and falls at once; under
// `mover-priority` alone it falls and is rebuilt, and a proven fortress
// stands at the cap although it was not the first one; under `torus` the
// builder never stands one (the seldom-built caveat).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lab/lab_metrics.h"

namespace inchzero::lab {

struct WallEffect {
  int games = 0;
  // Games in which the builder stood its formation (a two-eyed group or a
  // wall by the original rule's argument: GameMetrics::uncapturable_ply),
  // and the median ply it first stood in them (-1 when none).
  int built = 0;
  double built_ply_median = -1;
  int wins = 0, draws = 0, losses = 0;
  // The losses split three ways: after the formation had stood and with none
  // standing at the end (the wall fell: GameMetrics::standing_since is -1);
  // with a formation still standing at the end (lost on points beside it, as
  // at a no-capture limit); and without ever standing one.
  int fell = 0, lost_standing = 0, lost_unbuilt = 0;
  // Draws held by a proven fortress (count_builder_draws' fortress, the
  // verdict table's F), and the median ply from which the builder's proven
  // fortress had stood in them (-1 when none; a draw held by the agent's
  // fortress counts in fortress_draws but has no ply here).
  int fortress_draws = 0;
  double fortress_since_median = -1;
  int draws_led = 0;  // draws in which the builder had more points
  // How the games ended: EndReason names ("cap", "target", ...) and counts.
  std::map<std::string, int> ends;
  // Pieces captured a game (both colours): median, least and most.
  double captured_median = 0;
  int captured_min = 0, captured_max = 0;
};

// Summarise `games` (any number, empty included); `fortress_plies` as in
// count_builder_draws.
WallEffect wall_effect(const std::vector<BuilderGame>& games, int fortress_plies);

// One sentence-by-sentence paragraph of `effect`, without the rule set's
// name: "The builder stood its formation in 32 of 32 games (first at a
// median ply 16); it lost 6, all after ...". "No builder games." for none.
std::string wall_effect_text(const WallEffect& effect);

}  // namespace inchzero::lab
