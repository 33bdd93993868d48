// The configuration of a rule-variant lab run (`inchzero lab --config F`):
// which rule sets to compare, the agent that plays them, the search budgets
// and the number of games. Presets: configs/lab/quick.yaml (minutes) and
// configs/lab/wall.yaml (thorough).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace inchzero::lab {

// One row of the comparison: a named rule file plus `--set` overrides.
struct RuleSetEntry {
  std::string name;              // report label, also the result file stem
  std::string rules;             // rule set name or file ("original", "menke", …)
  std::vector<std::string> set;  // extra key=value overrides
};

struct LabConfig {
  std::string description;
  uint64_t seed = 1;
  int threads = 2;
  // The agent as a player spec in which "{sims}" stands for the simulations
  // of the budget: "uct:{sims}:rollout_plies=40" (baseline) or
  // "net:runs/x/best.pt:sims={sims}" (a trained agent of a named run).
  std::string agent = "uct:{sims}:rollout_plies=40";
  int simulations = 32;                // the 1× budget
  std::vector<int> budgets = {1, 8};   // multiples of `simulations`
  int games = 8;                       // agent-vs-agent games per rule set and budget
  int wall_games = 4;                  // wall-builder vs agent games per rule set and budget
  int opening_plies = 0;               // random plies opening each game (match_opening)
  std::vector<std::string> overrides;  // key=value applied to every rule set
  std::vector<RuleSetEntry> rule_sets;

  // The agent spec at `budget` × simulations.
  std::string agent_spec(int budget) const;

  // Read a YAML file; throws GameError naming the file and the bad key or
  // value (unknown keys are errors).
  static LabConfig from_file(const std::string& path);
};

}  // namespace inchzero::lab
