// The configuration of a rule-variant lab run (`inchzero lab --config F`):
// which rule sets to compare, the agent that plays them, the search budgets
// and the number of games. Presets: configs/lab/quick.yaml (minutes) and
// configs/lab/wall.yaml (thorough). Each key is declared once, in the
// structs' visit_fields (core/config_fields.h): reading, range checks,
// unknown-key errors and the key table (`inchzero lab --config-doc`,
// docs/lab/README.md) follow from it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/config_fields.h"
#include "core/game.h"
#include "lab/rule_sweep.h"
#include "lab/strength_gate.h"

namespace inchzero::lab {

// One row of the comparison: a named rule file plus `--set` overrides.
struct RuleSetEntry {
  std::string name;              // report label, also the result file stem
  std::string rules;             // rule set name or file ("original", "menke", …)
  std::vector<std::string> set;  // extra key=value overrides
  // A training run folder whose newest network is this rule set's agent
  // ("{agent}" in the agent spec), or a zoo network (zoo:NAME); empty = the
  // lab trains one (`training`).
  std::string run;
  // Parameter sweep: one rule set per value (lab/rule_sweep.h).
  RuleSweep sweep;
  // The rule set as a control of the lab (issue 18): "positive" (the
  // formation is illegal, so the builder must hold no fortress draw),
  // "negative" (the original rules, so the builder must not lose), "cap" (a
  // cap-sensitivity row, no expectation) or "none". Controls get their own
  // section of the report (lab/lab_controls.h).
  std::string control = "none";
  // This rule set's agent as a player spec instead of the lab's `agent`
  // ("{sims}" as there; empty: the lab's agent). Why: the siege gate asks
  // for an attacker that breaks a passive defender under each rule set, and
  // where the lab's attacker fails it a stronger one may pass; the verdict
  // names the agent of each row (verdict_file.h).
  std::string agent = "";
  // This rule set's wall-builder games per budget instead of the lab's
  // `wall_games` (0: the lab's). Why: every fix is tested against the first
  // rule set (the baseline), so more games there sharpen each of those
  // Fisher tests and the baseline's own "holds" test at the cost of one
  // rule set, not of all of them.
  int wall_games = 0;
  // Not a key: the "OPTION=value" expand_sweeps added to `set` for this
  // entry's value (its name says the value), empty for an entry not swept.
  // Why recorded: a report that lists an entry's own settings leaves it out,
  // and a name that merely ends in "=value" must not decide that.
  std::string swept = "";

  // Each key once: name, member, meaning, accepted values (core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("name", c.name, "report label and result file stem: a word (no /, \\ or space)");
    v("rules", c.rules, "rule set name or file (empty: the name)");
    v("set", c.set, "key=value overrides of this rule set");
    v("run", c.run,
      "a run folder whose newest network is this rule set's agent ({agent}), or zoo:NAME; "
      "empty: the one "
      "`training` fills");
    v("agent", c.agent,
      "this rule set's agent as a player spec instead of the lab's agent ({sims} as there; no "
      "{agent}); empty: the lab's agent");
    v("wall_games", c.wall_games,
      "this rule set's wall-builder games per budget instead of the lab's wall_games (0: the "
      "lab's)",
      Range{0, kNoLimit});
    v("sweep", c.sweep, "one rule set per value of one option, named <name>=<value>");
    v("control", c.control,
      "this rule set as a control: positive (builder must hold no fortress draw), negative "
      "(builder must not lose), cap (cap-sensitivity row) or none",
      Choices{"none", "positive", "negative", "cap"});
  }
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
  // Independently trained agents per rule set (issue 18: "2–3 agents per
  // rule set"). Agent 1 is the lab's one agent of before (its seed, folder,
  // cells and gate files unchanged); agent k >= 2 plays as agent 1 would in
  // a lab whose seed is LabConfig::agent_lab_seed(k), in its own folder and
  // files named agent_name(rule set, k). The verdict pools the builder's
  // games of a rule set's admitted agents (lab/agent_pool.h).
  int agents = 1;

  // The keys of the `training:` section, as RuleSetEntry's.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("config", c.config,
      "the base run config (embedded name or YAML path, relative: beside the lab config first); "
      "empty: no training");
    v("minutes", c.minutes, "run time per rule set (0 = no time limit)", Range{0, kNoLimit});
    v("iterations", c.iterations, "iterations per rule set (0 = no cap)", Range{0, kNoLimit});
    v("agents", c.agents,
      "agents trained per rule set, each from its own seed; the verdict pools the builder's games "
      "of the admitted ones",
      Range{1, 10});
  }

  bool enabled() const { return !config.empty(); }
  // The budget in words: "8 iterations", "10 minutes" or
  // "8 iterations or 10 minutes, whichever comes first".
  std::string budget_text() const;
};

// The name of agent k (1-based) of `rule_set` in folders, file names and the
// per-agent rows of the report: the rule set's name for k = 1 (the files of
// a one-agent lab keep their names), "<rule set>@<k>" for k >= 2. A rule
// set's name cannot hold '@' (from_file), so it never collides with one.
std::string agent_name(const std::string& rule_set, int k);

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
  // Player specs the wall-builder also plays, `wall_games` games each per
  // rule set and budget (colours alternated), besides the agent: the
  // controls' "greedy" and "uct:1000". Their games are reported in the
  // controls section only; the verdict rests on the games against the agent.
  std::vector<std::string> wall_opponents;
  // Draw-seeking challengers (issue 18, part 7): player specs, "{sims}" and
  // "{agent}" as in `agent`, that each play the rule set's agent
  // `wall_games` games per rule set and budget (colours alternated), to find
  // drawing strategies the wall-builder does not know. Each gets its own
  // section of the report and its own line per fix in the verdict; empty
  // (the default) plays none, so cells stay as they were.
  std::vector<std::string> draw_seekers;
  int opening_plies = 0;  // random plies opening each game (match_opening)
  // A builder draw is a fortress when an uncapturable formation stood and no
  // capture happened for this many plies at its end (lab_metrics.h); 60 is
  // the presets' no-capture limit, the quiet stretch that fix calls a dead game.
  int fortress_plies = 60;
  std::vector<std::string> overrides;  // key=value applied to every rule set
  std::vector<RuleSetEntry> rule_sets;
  LabTraining training;
  // Which agents may enter the verdict (lab/strength_gate.h).
  StrengthGateConfig strength_gate;

  // The top-level keys, as RuleSetEntry's; checks between keys are in from_file.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("description", c.description, "a line for the report");
    v("seed", c.seed, "the seed every game's seed derives from");
    v("threads", c.threads, "games played at once", Range{1, kNoLimit});
    v("agent", c.agent,
      "the agent as a player spec; {sims} = simulations x budget, {agent} = the rule set's "
      "agent folder");
    v("simulations", c.simulations, "the 1x search budget", Range{1, kNoLimit});
    v("budgets", c.budgets, "search budgets, multiples of simulations", Range{1, kNoLimit});
    v("games", c.games, "agent-vs-agent games per rule set and budget", Range{1, kNoLimit});
    v("wall_games", c.wall_games, "wall-builder vs agent games per rule set and budget",
      Range{0, kNoLimit});
    v("wall_opponents", c.wall_opponents,
      "player specs the wall-builder also plays (wall_games each), reported with the controls");
    v("draw_seekers", c.draw_seekers,
      "challenger player specs ({sims}, {agent} as in agent) that each play the agent wall_games "
      "games per rule set and budget, e.g. drawseek:{sims}:rollout_plies=40");
    v("opening_plies", c.opening_plies, "random plies opening each game", Range{0, kNoLimit});
    v("fortress_plies", c.fortress_plies,
      "plies a proven fortress must stand at the end for a builder draw to be a fortress draw",
      Range{1, kNoLimit});
    v("overrides", c.overrides, "key=value rule overrides applied to every rule set");
    v("rule_sets", c.rule_sets, "the rule sets compared (at least one)");
    v("training", c.training, "training of one agent per rule set");
    v("strength_gate", c.strength_gate,
      "matches an agent must win to enter the verdict (games: 0 = no gate)");
  }

  // The agents per rule set: training.agents (1 unless the lab trains them;
  // from_file refuses more where they would not differ).
  int agents() const { return training.agents; }
  // The seed agent k (1-based) of every rule set derives its training seed
  // and its games' seeds from, as agent 1 does from `seed`: `seed` itself for
  // k = 1 (so a one-agent lab is the lab of before), else
  // derive_seed(seed, {"agents", k}), a lab seed of its own.
  uint64_t agent_lab_seed(int k) const;
  // The run folder of `entry`'s agent k: its `run`, else
  // OUT/agents/<agent_name(name, k)> when the lab trains agents and a player
  // of the rule set names it (needs_network), else "" (no folder: nothing is
  // trained for the rule set).
  std::string agent_folder(const RuleSetEntry& entry, const std::string& out_dir, int k = 1) const;
  // Whether a player of `entry` names the rule set's network ("{agent}" in
  // its agent spec or a draw-seeker's): false for a rule set with its own
  // agent and no {agent} draw-seeker, which the lab need not train.
  bool needs_network(const RuleSetEntry& entry) const;
  // The agent spec of `entry` (its own `agent`, else the lab's) before its
  // tokens are replaced.
  const std::string& agent_of(const RuleSetEntry& entry) const;
  // The agent spec of `entry` at `budget` × simulations, "{agent}" replaced
  // by `agent_folder` (left as is when that is empty).
  std::string agent_spec(const RuleSetEntry& entry, int budget,
                         const std::string& agent_folder = "") const;
  // The lab's own agent (`agent`, whatever a rule set plays) at `budget` ×
  // simulations, as agent_spec: the reports state it beside rule sets' own.
  std::string lab_agent_spec(int budget, const std::string& agent_folder = "") const;
  // The budget the strength gate plays an agent at: the smallest, the
  // agent's weakest setting in the verdict's games.
  int gate_budget() const;
  // Whether some rule set plays its own agent instead of the lab's.
  bool agent_per_entry() const;
  // The wall-builder games per budget of `entry` (its own, else the lab's),
  // which its builder, wall opponents and draw-seekers each play.
  int wall_games_of(const RuleSetEntry& entry) const;
  // " `name`: N wall-builder games." for each rule set with games of its
  // own, as the reports state them after the lab's number; "" when none.
  std::string own_wall_games_text() const;
  // Throws GameError when the result file `path` of `entry` was played by
  // `recorded` while the config now gives `expected`: a rule set whose agent
  // changed must not mix the old agent's games into the new one's rows. Only
  // for agents without a folder ("{agent}"), whose specs name the player
  // exactly (a network's path depends on where the lab's folder lies).
  void check_played_by(const RuleSetEntry& entry, const std::string& path,
                       const std::string& recorded, const std::string& expected) const;
  // Throws GameError when the result file `path` of `entry` was played under
  // the game options `recorded` (Game::options().non_defaults()) while the
  // config now gives the rule set other ones (an override or its `set`
  // changed): its games are of another game.
  void check_played_under(const RuleSetEntry& entry, const std::string& path,
                          const std::string& recorded) const;
  // The spec of draw_seekers[k] at `budget`, its tokens replaced as in
  // agent_spec. Precondition: k < draw_seekers.size().
  std::string draw_seeker_spec(size_t k, int budget, const std::string& agent_folder = "") const;
  // The game settings beyond each rule set's rules, as the reports state
  // them: " Every rule set with: `a` `b`." for `overrides`, then
  // " `name` also with: `c`." for each rule set with a `set` of its own (its
  // sweep's value, already in its name, left out); "" when there are none.
  std::string game_settings_text() const;
  // Whether the agent spec names a per-rule-set agent ("{agent}").
  bool agent_per_rule_set() const;
  // The game `entry` is played under: its rules with `overrides`, then its
  // own `set`, then `more` (a gate opponent's `set`). Throws GameError on an
  // unknown rule set or a bad override.
  std::shared_ptr<const Game> game_of(const RuleSetEntry& entry,
                                      const std::vector<std::string>& more = {}) const;

  // Read a YAML file; throws GameError naming the file and the bad key or
  // value (unknown keys are errors).
  static LabConfig from_file(const std::string& path);
  // The markdown table of every key (`inchzero lab --config-doc`; a copy is
  // in docs/lab/README.md): dotted key, default, accepted values, meaning.
  static std::string doc_table();
};

}  // namespace inchzero::lab
