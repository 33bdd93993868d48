// What the lab's reports read, computed once: the config, the finished
// cells and strength-gate matches, and the views every report derives from
// them. report.md and verdict.md, and each of their sections, take this
// and recompute nothing from (config, cells, gate):
//  * the per-agent view of the descriptive tables (one row per agent:
//    `<rule set>@k` for agent k >= 2, lab/agent_pool.h);
//  * the cells the verdict's tests take (each rule set's builder games
//    pooled over its admitted agents);
//  * each rule set's strength-gate status.
// With one agent per rule set the views are the cells as they are.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_runner.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

struct LabResults {
  LabConfig config;
  std::vector<CellResult> cells;  // every finished cell, as played
  std::vector<GateMatch> gate;    // the strength gate's finished matches
  std::string command;            // the command line that made the reports
  std::vector<int> budgets;       // config.budgets, ascending

  LabConfig shown;                      // per_agent_config(config)
  std::vector<CellResult> shown_cells;  // per_agent_cells(cells)
  std::vector<GateMatch> shown_gate;    // per_agent_matches(gate)

  std::vector<CellResult> tested_cells;     // verdict_cells(config, cells, gate)
  std::map<std::string, GateStatus> gates;  // gate_statuses(config, gate): every rule set's
};

// The views of `cells` and `gate` under `config`, made once.
LabResults lab_results(LabConfig config, std::vector<CellResult> cells, std::vector<GateMatch> gate,
                       std::string command);

}  // namespace inchzero::lab
