#include "lab/lab_results.h"

#include <algorithm>

#include "lab/agent_pool.h"
#include "lab/gate_report.h"

namespace inchzero::lab {

LabResults lab_results(LabConfig config, std::vector<CellResult> cells, std::vector<GateMatch> gate,
                       std::string command) {
  LabResults r;
  r.budgets = config.budgets;
  std::sort(r.budgets.begin(), r.budgets.end());
  r.shown = per_agent_config(config);
  r.shown_cells = per_agent_cells(cells);
  r.shown_gate = per_agent_matches(gate);
  r.tested_cells = verdict_cells(config, cells, gate);
  r.gates = gate_statuses(config, gate);
  r.config = std::move(config);
  r.cells = std::move(cells);
  r.gate = std::move(gate);
  r.command = std::move(command);
  return r;
}

}  // namespace inchzero::lab
