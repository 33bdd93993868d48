#include "lab/gate_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "lab/agent_pool.h"
#include "lab/gate_play.h"
#include "selfplay/eval/match_stats.h"

namespace inchzero::lab {
namespace {

void record_line(std::ostream& out, const BuilderRecord& r, const std::string& text) {
  out << "- `" << r.rule_set << "` (W-D-L " << r.wins << "-" << r.draws << "-" << r.losses
      << "): " << text << ".\n";
}

}  // namespace

std::string own_agents_text(const LabConfig& config) {
  // Each spec once, in config order, with the rule sets that play it.
  std::vector<std::pair<std::string, std::vector<std::string>>> by_spec;
  for (const RuleSetEntry& entry : config.rule_sets) {
    if (entry.agent.empty()) continue;
    const std::string spec = config.agent_spec(entry, config.gate_budget());
    auto same = std::find_if(by_spec.begin(), by_spec.end(),
                             [&](const auto& s) { return s.first == spec; });
    if (same == by_spec.end()) same = by_spec.insert(by_spec.end(), {spec, {}});
    same->second.push_back("`" + entry.name + "`");
  }
  std::string out;
  for (const auto& [spec, names] : by_spec) {
    out += fmt::format("{}`{}` under {}", out.empty() ? "; its own agent (`agent:`): " : "; ", spec,
                       fmt::join(names, ", "));
  }
  return out;
}

std::string not_admitted_text(const std::string& rule_set, const GateStatus& gate) {
  if (gate.agents > 1) {
    const char* what = gate.state == GateStatus::kFails ? "passes the strength gate"
                                                        : "has passed the strength gate yet";
    return fmt::format("none of the {} agents of `{}` {} ({})", gate.agents, rule_set, what,
                       gate.why);
  }
  const char* what = gate.state == GateStatus::kFails ? "fails the strength gate"
                                                      : "has not passed the strength gate yet";
  return fmt::format("the agent of `{}` {} ({})", rule_set, what, gate.why);
}

std::map<std::string, GateStatus> gate_statuses(const LabConfig& config,
                                                const std::vector<GateMatch>& matches) {
  std::map<std::string, GateStatus> out;
  for (const RuleSetEntry& entry : config.rule_sets) {
    out[entry.name] = rule_set_gate_status(config, matches, entry.name);
  }
  return out;
}

void strength_gate_section(std::ostream& out, const LabConfig& config,
                           const std::vector<GateMatch>& matches) {
  const StrengthGateConfig& gate = config.strength_gate;
  out << "\n## Strength gate\n\n";
  if (!gate.enabled()) {
    out << "Off (`strength_gate.games: 0`): every rule set's agent enters the verdict, however "
           "weak it is.\n";
    return;
  }
  out << "A rule set's agent enters the verdict only when it reaches the least score against "
         "each opponent in "
      << gate.games << " games under its own rule set (the agent at the smallest budget, `"
      << config.lab_agent_spec(config.gate_budget(), "{agent}") << "`" << own_agents_text(config)
      << ", colours alternated; score = (wins + draws / 2) / games, with its Wilson 95 % "
         "interval, or where the bar says \"wins\" the share of wins, a draw counting as a "
         "failure; W-D-L from the agent's side; games in `gate/`). A match stops once its "
         "first games, in game order, decide it (\"decided after k of N\": the rest could not "
         "change pass or fail; \"undecided after k of N\": a match that stopped under a looser "
         "bar, which the next run extends).\n\n| rule set |";
  for (const GateOpponent& o : gate.opponents) {
    out << fmt::format(" vs `{}` ({}) |", o.label(), bar_text(o.bar));
  }
  out << " gate |\n|---|";
  for (size_t i = 0; i < gate.opponents.size(); ++i) out << "---|";
  out << "---|\n";
  const auto statuses = gate_statuses(config, matches);
  for (const RuleSetEntry& entry : config.rule_sets) {
    out << "| " << entry.name << " |";
    for (const GateOpponent& o : gate.opponents) {
      auto m = std::find_if(matches.begin(), matches.end(), [&](const GateMatch& g) {
        return g.rule_set == entry.name && g.opponent == o.label();
      });
      if (m == matches.end()) {
        out << " not played |";
        continue;
      }
      const double score = gate_score(m->wins, m->draws, m->losses, o.bar.draw_score);
      const Interval i = wilson_interval(score, m->games());
      out << fmt::format(" {}-{}-{}, {:.1f} % [{:.0f}–{:.0f}]", m->wins, m->draws, m->losses,
                         100 * score, 100 * i.low, 100 * i.high);
      if (!match_decided(*m, o.bar)) {
        out << fmt::format(", undecided after {} of {}", m->games(), m->planned_games);
      } else if (m->curtailed()) {
        out << fmt::format(", decided after {} of {}", m->games(), m->planned_games);
      }
      out << " |";
    }
    const GateStatus& s = statuses.at(entry.name);
    out << " "
        << (s.state == GateStatus::kPasses  ? "passes"
            : s.state == GateStatus::kFails ? "fails"
                                            : "not played")
        << " |\n";
  }
}

std::vector<std::optional<FixVerdict>> admitted_fix_verdicts(
    const BuilderRecord& baseline, const GateStatus& baseline_gate,
    const std::vector<BuilderRecord>& fixes, const std::vector<GateStatus>& fix_gates,
    const std::string& side) {
  if (!baseline_gate.admitted()) return {};
  std::vector<BuilderRecord> admitted;
  for (size_t i = 0; i < fixes.size(); ++i) {
    if (fix_gates.at(i).admitted()) admitted.push_back(fixes[i]);
  }
  const std::vector<FixVerdict> verdicts = fix_verdicts(baseline, admitted, kVerdictAlpha, side);
  std::vector<std::optional<FixVerdict>> out;
  size_t next = 0;  // the next verdict of an admitted fix
  for (size_t i = 0; i < fixes.size(); ++i) {
    out.push_back(fix_gates[i].admitted() ? std::optional<FixVerdict>(verdicts[next++])
                                          : std::nullopt);
  }
  return out;
}

std::vector<GatedLine> gated_verdict(std::ostream& out, const BuilderRecord& baseline,
                                     const GateStatus& baseline_gate,
                                     const std::vector<BuilderRecord>& fixes,
                                     const std::vector<GateStatus>& fix_gates,
                                     const std::string& side) {
  if (!baseline_gate.admitted()) {
    out << "No verdict: " << not_admitted_text(baseline.rule_set, baseline_gate)
        << ", so there is no baseline to judge the fixes against.\n";
    return {};
  }
  const std::vector<std::optional<FixVerdict>> verdicts =
      admitted_fix_verdicts(baseline, baseline_gate, fixes, fix_gates, side);
  std::vector<GatedLine> lines;
  for (size_t i = 0; i < fixes.size(); ++i) {
    GatedLine line;
    if (verdicts[i]) {
      line = {verdicts[i]->text, verdicts[i]->shown && verdicts[i]->better};
    } else {
      line.text = "not shown: " + not_admitted_text(fixes[i].rule_set, fix_gates[i]);
    }
    record_line(out, fixes[i], line.text);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace inchzero::lab
