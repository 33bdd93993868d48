// Several independently trained agents per rule set (`training.agents`,
// issue 18: "2–3 independently trained agents per rule set"). The runner
// trains and plays agent k of a rule set in files of its own
// (agent_name(rule set, k): agent 1's are the one-agent lab's); this header
// says how the reports take them:
//  * the strength gate judges each agent; a rule set is admitted when at
//    least one of its agents passes;
//  * the verdict tests each fix on the builder's games pooled over the
//    admitted agents of the fix and of the baseline (verdict_cells). Why
//    pool: Fisher's and the binomial test count games, and pooling keeps
//    them tests on games; several agents guard against one lucky or unlucky
//    agent deciding the verdict, and verdict.md shows each agent's W-D-L so
//    a reader sees whether one agent carries the result;
//  * the descriptive tables (report.md's rows, the builder's draws, the
//    gate, controls, design measures) show one row per agent, by reading
//    the cells as those of a config with one rule set per agent
//    (per_agent_config, per_agent_cells, per_agent_matches).
// With one agent per rule set every function here is the identity, so a
// one-agent lab reports byte for byte as before.
#pragma once

#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_runner.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

// The gate status of agent `k` of `rule_set` from its matches among `matches`.
GateStatus agent_gate_status(const LabConfig& config, const std::vector<GateMatch>& matches,
                             const std::string& rule_set, int k);

// The gate status of `rule_set` over its config.agents() agents: admitted
// (passes, or off) when at least one agent is; else unplayed when some agent
// has not finished its gate, else fails; `why` names each agent's reason and
// `agents` is config.agents(). With one agent, that agent's status.
GateStatus rule_set_gate_status(const LabConfig& config, const std::vector<GateMatch>& matches,
                                const std::string& rule_set);

// The cells the verdict tests: of a rule set with an admitted agent, the
// cells of its admitted agents only; of a rule set with none, all its cells
// (it is not tested: its W-D-L is shown, pooled over all its agents).
std::vector<CellResult> verdict_cells(const LabConfig& config, const std::vector<CellResult>& cells,
                                      const std::vector<GateMatch>& matches);

// `config` with one rule set per agent, named agent_name(rule set, k), in
// order (rule set, then agent), and training.agents 1; `config` itself when
// it has one agent per rule set.
LabConfig per_agent_config(const LabConfig& config);

// The cells, each with rule_set = agent_name(rule_set, agent_index) and
// agent_index 1 (the one agent of per_agent_config's rule set).
std::vector<CellResult> per_agent_cells(std::vector<CellResult> cells);

// The gate matches, relabelled as per_agent_cells' cells.
std::vector<GateMatch> per_agent_matches(std::vector<GateMatch> matches);

}  // namespace inchzero::lab
