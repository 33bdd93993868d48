// The lab's controls (issue 18, part 3): rule sets marked `control:` in the
// lab config (lab_config.h) and the wall-builder's games against the agent
// and against the config's wall_opponents, side by side in one table of
// report.md, with what each control expects and whether its games show it:
//  * positive — a rule set where the formation is illegal (max-eyes-1 with
//    max-edges-1): the builder must hold no fortress draw (lab_metrics.h);
//  * negative — the original rules: the builder must not lose;
//  * cap — a cap-sensitivity row (max_plies, cap_result): no expectation.
// A control that fails says the lab's measurement, not the fix, is wrong.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_runner.h"

namespace inchzero::lab {

// The builder's record under one rule set against one opponent, all budgets.
struct ControlRecord {
  int wins = 0, draws = 0, losses = 0;
  int fortress = 0;  // fortress draws among the draws
  int games() const { return wins + draws + losses; }
};

// Whether `record` shows what `control` ("positive", "negative") expects;
// "cap" and "none" expect nothing and are always met.
bool control_met(const std::string& control, const ControlRecord& record);

// Writes the "Controls" section of report.md for `cells` (nothing when no
// rule set of `config` is a control): one row per control rule set with its
// max_plies and cap_result, one column per builder opponent (the agent, then
// each wall_opponents spec): W-D-L and fortress draws, all budgets summed;
// and the expectation, met or not, over all opponents together.
void controls_section(std::ostream& out, const LabConfig& config,
                      const std::vector<CellResult>& cells);

}  // namespace inchzero::lab
