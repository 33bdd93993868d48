// verdict.md (issue 18, "a verdict that stands up"): one page stating, for
// every fix of a lab config — each rule set after the first, which is the
// baseline — exactly one of three statuses, with the numbers behind it:
//  * removes the wall: Fisher's exact test (lab_stats.h, as report.md's
//    verdict) shows the builder losing more often than under the baseline,
//    Holm-adjusted p < alpha, and the test below does not hold. When a
//    draw-seeker of the config is not shown beaten under the fix, the row
//    says the wall is removed "against the builder only" and names it;
//  * does not remove the wall: under the fix the builder holds (wins, or
//    draws by a fortress: lab_metrics.h's split) in more than half its games
//    by a one-sided exact binomial test against 1/2, Holm-adjusted p < alpha
//    over the fixes tested: the drawing strategy still holds in most games.
//    A clock draw does not count: it is the agent failing to win in time,
//    not the wall holding (an agent that cannot break a passive builder
//    would otherwise make every fix keep the wall; cells made before the
//    builder's games were kept count every draw). It is decided first: a fix under
//    which the builder loses more often than under the baseline but still
//    avoids defeat in most games has weakened the wall, not removed it;
//  * not shown: everything else, with the reason (the strength gate, too few
//    games and how many the observed difference would need, no difference).
// report.md holds the detail; this page is what a reader should quote, so it
// is made from the same cells and gate matches by the same command, has no
// date (a rerun writes the same bytes), and states its agents and seeds.
#pragma once

#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_results.h"
#include "lab/lab_runner.h"
#include "lab/lab_stats.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

enum class FixStatus { kRemovesWall, kDoesNotRemoveWall, kNotShown };

// "removes the wall", "does not remove the wall" or "not shown".
const char* status_name(FixStatus status);

// One fix's row of verdict.md.
struct FixRow {
  std::string rule_set;
  FixStatus status = FixStatus::kNotShown;
  // kRemovesWall only: the draw-seekers not shown beaten under the fix (then
  // the wall is removed against the builder only); empty otherwise.
  std::vector<std::string> seekers_holding;
  // Why the status: for kNotShown the reason, else what the tests showed.
  std::string reason;
  BuilderRecord fix, baseline;  // the builder's W-D-L summed over budgets
  // The builder's games under the fix that count for *holds*: its draws by
  // a proven fortress (held_games).
  int fix_held = 0;
  bool has_cells = false;  // the fix has a finished cell
  // Whether both tests were made (the fix has cells, both agents admitted);
  // the p values are meaningful only then.
  bool tested = false;
  double p_fisher = 1, p_fisher_holm = 1;  // builder losses vs the baseline's
  double p_holds = 1, p_holds_holm = 1;    // builder holds (fix_held) in > 1/2
  // The agent and the strength gate's view of it: seed or run, then each
  // gate opponent's W-D-L and score with pass/fail, then admitted or why not.
  std::string strength;
  // The builder's draws under the fix: "F / C / O" (fortress / clock /
  // other, lab_metrics.h), "not recorded" for cells made before the builder
  // games were kept.
  std::string draws;
  // Per draw-seeker of the config: its W-D-L under the fix and whether it is
  // beaten, still holds or was not played; empty when the config has none.
  std::string seekers;
  // How the agent scored in the builder games under the fix: its points in
  // all of them, and those of them scored by its own pieces captured by its
  // own moves (GameMetrics::self_capture_points); both 0 unless every game
  // recorded self-capture. More than half self-capture adds a caveat: the
  // builder lost to a points farm the fix opens, not to an attack on its wall.
  int agent_points = 0, agent_self_capture_points = 0;
  bool self_capture_farm() const { return 2 * agent_self_capture_points > agent_points; }
  // The builder games kept under the fix and under the baseline, and those
  // in which the builder stood its formation (games_with_builder_formation).
  // When it stood one in most baseline games but in fewer than half under the
  // fix, the fix stopped this builder's way of building, and its losses say
  // nothing of a standing wall: a caveat (a builder that builds another shape
  // is not tested). Cells without kept builder games claim nothing.
  int fix_kept = 0, fix_built = 0, baseline_kept = 0, baseline_built = 0;
  bool seldom_built() const {
    return fix_kept > 0 && 2 * fix_built < fix_kept && 2 * baseline_built > baseline_kept;
  }
};

// The builder's games under `rule_set` (in `cells`) that count for *holds*:
// its fortress draws (classify_builder_game with the config's
// fortress_plies: a fortress proven under the rule set's rules); not its
// wins (issue 50: "holds by a proven fortress"). A cell made before builder
// games were kept counts all its draws, having no split.
int held_games(const LabConfig& config, const std::vector<CellResult>& cells,
               const std::string& rule_set);

// The one-sided test behind "does not remove the wall": P(X >= held) for
// X ~ Binomial(games, 1/2), 1 for no games.
double holds_p(int held, int games);

// One row per fix, in config order, whether or not it has finished cells;
// `gate` holds the strength gate's finished matches (load_gate_matches).
std::vector<FixRow> verdict_rows(const LabResults& results, double alpha = kVerdictAlpha);

// The page: a header (command, the cells' folder `out_dir`, baseline,
// level and correction, agents and seeds, the baseline's own record), the
// three statuses defined, a one-line summary per status, the table of
// verdict_rows, what each fix does to the wall (wall_effects.h), natural
// play, Rodeffer's counter-argument and the example games. Nothing in it
// depends on the date or the machine.
// Made from `results` (lab_results.h), as report.md is.
std::string verdict_markdown(const LabResults& results, const std::string& out_dir);

}  // namespace inchzero::lab
