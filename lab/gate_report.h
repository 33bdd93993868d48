// The strength gate in report.md (issue 18, part 4): the "Strength gate"
// section (each rule set's agent against each gate opponent, W-D-L and score
// with its Wilson 95 % interval, passes or fails) and the verdict's lines,
// which leave out every rule set whose agent is not admitted by the gate.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "lab/lab_config.h"
#include "lab/lab_stats.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

// Each rule set's gate status (rule_set_gate_status over its agents' matches
// among `matches`: admitted when one of its agents is), by rule set name;
// every rule set of `config` has one.
std::map<std::string, GateStatus> gate_statuses(const LabConfig& config,
                                                const std::vector<GateMatch>& matches);

// Writes the "Strength gate" section: one sentence when the gate is off, else
// one row per rule set of `config` with, per opponent, the agent's W-D-L and
// score [Wilson 95 %] (or "not played") and whether it passes.
void strength_gate_section(std::ostream& out, const LabConfig& config,
                           const std::vector<GateMatch>& matches);

// Why a rule set's games are left out of a verdict: "the agent of `x` fails
// the strength gate (it scores …)" or "… has not passed the strength gate
// yet (…)". Precondition: `gate` does not admit the agent.
// "; its own agent (`agent:`): `x` under `a`, …" for the rule sets that play
// their own agent at the smallest budget ("" when none does): the reports'
// agent lines name the lab's agent, then these.
std::string own_agents_text(const LabConfig& config);

std::string not_admitted_text(const std::string& rule_set, const GateStatus& gate);

// The verdicts gated_verdict states, without writing them (verdict.md needs
// the numbers): empty when `baseline_gate` does not admit the baseline's
// agent; else one entry per fix, in order — fix_verdicts against the
// baseline, Holm-corrected over the admitted fixes only, where `fix_gates[i]`
// admits the fix's agent, and nullopt where it does not.
std::vector<std::optional<FixVerdict>> admitted_fix_verdicts(
    const BuilderRecord& baseline, const GateStatus& baseline_gate,
    const std::vector<BuilderRecord>& fixes, const std::vector<GateStatus>& fix_gates,
    const std::string& side = "builder");

// One fix's line of the verdict, as gated_verdict writes it.
struct GatedLine {
  std::string text;     // "shown: …" or "not shown: …"
  bool beaten = false;  // admitted, and its side shown to lose more often than under the baseline
};

// Writes the verdict's lines. When `baseline_gate` does not admit the
// baseline's agent: one sentence, no verdict at all (a weak baseline agent
// makes every comparison meaningless), and returns nothing. Otherwise one
// line per fix, in order, returned too: a fix whose agent is not admitted
// (`fix_gates[i]`) is "not shown" with the gate's reason, whatever its games
// say; the others get fix_verdicts against the baseline, Holm-corrected over
// the admitted fixes only (those tested). `fix_gates` has one status per
// fix; the records are those of `side` (fix_verdicts).
std::vector<GatedLine> gated_verdict(std::ostream& out, const BuilderRecord& baseline,
                                     const GateStatus& baseline_gate,
                                     const std::vector<BuilderRecord>& fixes,
                                     const std::vector<GateStatus>& fix_gates,
                                     const std::string& side = "builder");

}  // namespace inchzero::lab
