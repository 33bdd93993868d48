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
  // A training run folder whose newest network is this rule set's agent
  // ("{agent}" in the agent spec); empty = the lab trains one (`training`).
  std::string run;
};

// Training of one network agent per rule set with the learning loop
// (`inchzero run`, train/run_loop.h) in OUT/agents/<rule set>/, before that
// rule set's games; resumable like the rest of the lab.
struct LabTraining {
  // The base run config (embedded name or YAML path); its game section is
  // replaced by the rule set. Empty = no training.
  std::string config;
  // The budget per rule set; at least one is > 0, training stops at the
  // first reached. Iterations give every rule set the same number of
  // self-play games and training rounds whatever else loads the machine, so
  // the thorough preset uses them; minutes suit a quick look.
  double minutes = 0;  // run time per rule set (0 = no time limit)
  int iterations = 0;  // iterations per rule set (0 = no cap)

  bool enabled() const { return !config.empty(); }
  // The budget in words: "8 iterations", "10 minutes" or
  // "8 iterations or 10 minutes, whichever comes first".
  std::string budget_text() const;
};

struct LabConfig {
  std::string description;
  uint64_t seed = 1;
  int threads = 2;
  // The agent as a player spec in which "{sims}" stands for the simulations
  // of the budget and "{agent}" for the rule set's agent folder (its `run`,
  // or the one `training` fills): "uct:{sims}:rollout_plies=40" (baseline),
  // "net:{agent}:sims={sims}" (one trained agent per rule set) or
  // "net:runs/x:sims={sims}" (one named run for every rule set).
  std::string agent = "uct:{sims}:rollout_plies=40";
  int simulations = 32;               // the 1× budget
  std::vector<int> budgets = {1, 8};  // multiples of `simulations`
  int games = 8;                      // agent-vs-agent games per rule set and budget
  int wall_games = 4;                 // wall-builder vs agent games per rule set and budget
  int opening_plies = 0;              // random plies opening each game (match_opening)
  // A builder draw is a fortress when an uncapturable formation stood and no
  // capture happened for this many plies at its end (lab_metrics.h); 60 is
  // the presets' no-capture limit, the quiet stretch that fix calls a dead game.
  int fortress_plies = 60;
  std::vector<std::string> overrides;  // key=value applied to every rule set
  std::vector<RuleSetEntry> rule_sets;
  LabTraining training;

  // The run folder of `entry`'s agent: its `run`, else OUT/agents/<name>
  // when the lab trains agents, else "" (the agent needs no folder).
  std::string agent_folder(const RuleSetEntry& entry, const std::string& out_dir) const;
  // The agent spec at `budget` × simulations, "{agent}" replaced by
  // `agent_folder` (left as is when that is empty).
  std::string agent_spec(int budget, const std::string& agent_folder = "") const;
  // Whether the agent spec names a per-rule-set agent ("{agent}").
  bool agent_per_rule_set() const;

  // Read a YAML file; throws GameError naming the file and the bad key or
  // value (unknown keys are errors).
  static LabConfig from_file(const std::string& path);
};

}  // namespace inchzero::lab
