// The draw-seekers in report.md (issue 18, part 7): a section per entry of
// LabConfig::draw_seekers (its W-D-L against the agent per cell, its draws
// split fortress or clock, and Fisher's exact test of each fix against the
// baseline with Holm's correction, as the builder's verdict), and the
// verdict's lines saying for each fix whether a draw-seeker still holds: a
// fix that beats the builder but not a draw-seeker is a fix only against
// the builder's strategy, and the verdict says so.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "lab/gate_report.h"
#include "lab/lab_config.h"
#include "lab/lab_runner.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

// Writes one section per draw-seeker of `config` (nothing when it has none):
// per (rule set, budget) cell of `shown_cells` (rule sets in the order of
// `shown`) the seeker's W-D-L against the agent and its fortress, clock and
// other draws (lab_metrics.h), "not played" for a cell made without it; then
// each fix against the first rule set by gated_verdict on `tested_cells`
// (`gates`: every rule set's gate status), the seeker's wins and draws
// counting as the fix failing. Rule sets with no game of the seeker are left
// out of the test and named. With several agents per rule set (agent_pool.h)
// the table is per agent (`shown` = per_agent_config, `shown_cells` =
// per_agent_cells) and the test pools (`tested_cells` = verdict_cells); with
// one agent both are the lab's own config and cells.
void draw_seekers_sections(std::ostream& out, const LabConfig& config,
                           const std::vector<CellResult>& tested_cells,
                           const std::map<std::string, GateStatus>& gates, const LabConfig& shown,
                           const std::vector<CellResult>& shown_cells);

// seekers.csv: a row per (rule set, budget, draw-seeker) with the seeker's
// W-D-L against the agent and its fortress, clock and other draws
// (`fortress_plies` as in the report), for cells in which it played; only
// the header when `config` has no draw-seekers. Long form, so the columns do
// not depend on how many seekers a config names.
std::string seekers_csv(const LabConfig& config, const std::vector<CellResult>& cells);

// The draw-seeker `seeker`'s test of each fix, as its section states it, by
// the fix's rule set name: its GatedLine (`beaten`: the seeker is shown to
// lose more often than under the first rule set). A fix none of whose cells
// has the seeker's games has no entry (not played); the result is empty
// when the baseline has none or its agent is not admitted.
std::map<std::string, GatedLine> seeker_fix_lines(const LabConfig& config,
                                                  const std::vector<CellResult>& cells,
                                                  const std::map<std::string, GateStatus>& gates,
                                                  const std::string& seeker);

// Writes the verdict's draw-seeker lines (nothing when `config` has no
// draw-seekers or `builder_lines` is empty, i.e. there is no verdict): for
// each fix named in `fixes` (the rule sets after the first with cells, in
// order, `builder_lines[i]` the builder's verdict of `fixes[i]`), whether
// each draw-seeker is beaten (shown) or still holds (not shown), and a
// caveat where the builder is beaten but a draw-seeker is not.
void draw_seekers_verdict(std::ostream& out, const LabConfig& config,
                          const std::vector<CellResult>& cells,
                          const std::map<std::string, GateStatus>& gates,
                          const std::vector<std::string>& fixes,
                          const std::vector<GatedLine>& builder_lines);

}  // namespace inchzero::lab
