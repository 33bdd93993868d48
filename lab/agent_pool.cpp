#include "lab/agent_pool.h"

#include <fmt/format.h>

#include <algorithm>

namespace inchzero::lab {

GateStatus agent_gate_status(const LabConfig& config, const std::vector<GateMatch>& matches,
                             const std::string& rule_set, int k) {
  std::vector<GateMatch> own;
  std::copy_if(matches.begin(), matches.end(), std::back_inserter(own),
               [&](const GateMatch& m) { return m.rule_set == rule_set && m.agent_index == k; });
  return gate_status(config.strength_gate, own);
}

GateStatus rule_set_gate_status(const LabConfig& config, const std::vector<GateMatch>& matches,
                                const std::string& rule_set) {
  const int n = config.agents();
  if (n == 1) return agent_gate_status(config, matches, rule_set, 1);
  GateStatus out;
  out.agents = n;
  std::vector<std::string> whys;
  bool unplayed = false;
  for (int k = 1; k <= n; ++k) {
    const GateStatus s = agent_gate_status(config, matches, rule_set, k);
    if (s.admitted()) {
      out.state = s.state;
      out.why.clear();
      return out;
    }
    unplayed = unplayed || s.state == GateStatus::kUnplayed;
    whys.push_back(fmt::format("agent {}: {}", k, s.why));
  }
  out.state = unplayed ? GateStatus::kUnplayed : GateStatus::kFails;
  out.why = fmt::format("{}", fmt::join(whys, "; "));
  return out;
}

std::vector<CellResult> verdict_cells(const LabConfig& config, const std::vector<CellResult>& cells,
                                      const std::vector<GateMatch>& matches) {
  if (config.agents() == 1) return cells;
  std::vector<CellResult> out;
  for (const CellResult& c : cells) {
    if (!rule_set_gate_status(config, matches, c.rule_set).admitted() ||
        agent_gate_status(config, matches, c.rule_set, c.agent_index).admitted()) {
      out.push_back(c);
    }
  }
  return out;
}

LabConfig per_agent_config(const LabConfig& config) {
  if (config.agents() == 1) return config;
  LabConfig out = config;
  out.training.agents = 1;
  out.rule_sets.clear();
  for (const RuleSetEntry& entry : config.rule_sets) {
    for (int k = 1; k <= config.agents(); ++k) {
      out.rule_sets.push_back(entry);
      out.rule_sets.back().name = agent_name(entry.name, k);
    }
  }
  return out;
}

std::vector<CellResult> per_agent_cells(std::vector<CellResult> cells) {
  for (CellResult& c : cells) {
    c.rule_set = agent_name(c.rule_set, c.agent_index);
    c.agent_index = 1;  // the one agent of its per-agent rule set
  }
  return cells;
}

std::vector<GateMatch> per_agent_matches(std::vector<GateMatch> matches) {
  for (GateMatch& m : matches) {
    m.rule_set = agent_name(m.rule_set, m.agent_index);
    m.agent_index = 1;
  }
  return matches;
}

}  // namespace inchzero::lab
