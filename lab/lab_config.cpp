#include "lab/lab_config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "core/game.h"
#include "core/input_file.h"
#include "core/named_file.h"
#include "core/registry.h"
#include "core/seed.h"
#include "core/yaml_input.h"
#include "lab/lab_players.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::lab {
namespace {

const char* const kSimsToken = "{sims}";
const char* const kAgentToken = "{agent}";

// Whether a player spec names the rule set's network folder ("{agent}").
bool names_agent_folder(const std::string& spec) {
  return spec.find(kAgentToken) != std::string::npos;
}

// " `a` `b`": settings as the reports list them.
std::string settings_list(const std::vector<std::string>& settings) {
  std::string text;
  for (const std::string& s : settings) text += " `" + s + "`";
  return text;
}

void replace_all(std::string& text, const std::string& token, const std::string& value) {
  for (size_t at = text.find(token); at != std::string::npos;
       at = text.find(token, at + value.size())) {
    text.replace(at, token.size(), value);
  }
}

// `pattern` with "{sims}" replaced by `sims` and "{agent}" by `folder` (left
// as is when that is empty).
std::string fill_tokens(std::string pattern, int sims, const std::string& folder) {
  replace_all(pattern, kSimsToken, std::to_string(sims));
  if (!folder.empty()) replace_all(pattern, kAgentToken, folder);
  return pattern;
}

// The checks of a training: section beyond each key's range, and its run
// config found as run configs' `inherits:` finds a file (core/named_file.h):
// beside the lab config (`lab_path`) first, then in the current folder;
// else the name stays, for an embedded config.
void finish_training(const std::string& lab_path, LabTraining& t) {
  const std::string where = lab_path + ": training";
  const std::string file = find_named_file(t.config, lab_path, ".yaml", SelfReference::kSkip);
  if (!file.empty()) t.config = file;
  if (t.config.empty()) throw GameError(where + ".config: name the base run config");
  if (t.minutes == 0 && t.iterations == 0) {
    throw GameError(
        where + ": give each rule set's agent a budget, minutes > 0 or iterations > 0 (or both)");
  }
}

// A player spec of the config under `key`, checked now rather than when its
// first game starts, hours into a lab.
void check_player_spec(const std::string& path, const std::string& key, const std::string& spec) {
  try {
    parse_player_spec(spec);
  } catch (const GameError& e) {
    throw GameError(path + ": " + key + ": " + e.what());
  }
}

// The draw_seekers, each checked at the 1x budget. A kind registered by a
// layer above (drawseek, wall) checks its argument only when its factory is
// made, so that is done here with the default rules: those factories load
// nothing, and a typo is then refused now rather than hours into a lab.
void check_lab_player_spec(const std::string& path, const std::string& key,
                           const std::string& spec) {
  // The lab's own kinds are known wherever a lab config is read (a test
  // binary, a tool), not only after the CLI registered them.
  register_lab_players();
  check_player_spec(path, key, spec);
  if (parse_player_spec(spec).kind != PlayerSpec::Kind::kRegistered) return;
  try {
    make_player_factory(spec, load_game("inchworm", "original", {}));
  } catch (const GameError& e) {
    throw GameError(path + ": " + key + ": " + e.what());
  }
}

void check_draw_seekers(const std::string& path, const LabConfig& c) {
  for (size_t k = 0; k < c.draw_seekers.size(); ++k)
    check_lab_player_spec(path, "draw_seekers[" + std::to_string(k) + "]",
                          c.draw_seeker_spec(k, 1));
}

// The checks of a strength_gate: section beyond each key's range: its
// opponents are player specs that name distinct result files.
void check_strength_gate(const std::string& path, const StrengthGateConfig& gate) {
  std::set<std::string> stems;
  for (size_t i = 0; i < gate.opponents.size(); ++i) {
    const std::string key = "strength_gate.opponents[" + std::to_string(i) + "].player";
    const std::string& spec = gate.opponents[i].player;
    check_player_spec(path, key, spec);
    if (!gate.opponents[i].set.empty()) {
      try {
        load_game("inchworm", "original", gate.opponents[i].set);
      } catch (const GameError& e) {
        throw GameError(path + ": strength_gate.opponents[" + std::to_string(i) +
                        "].set: " + e.what());
      }
    }
    const std::string label = gate.opponents[i].label();
    if (!stems.insert(gate_file_stem(label)).second) {
      throw GameError(path + ": " + key + ": '" + label + "' repeats an earlier opponent");
    }
  }
}

}  // namespace

std::string LabTraining::budget_text() const {
  std::ostringstream minutes_text;
  minutes_text << minutes << " minutes";
  const std::string iterations_text = std::to_string(iterations) + " iterations";
  if (iterations > 0 && minutes > 0) {
    return iterations_text + " or " + minutes_text.str() + ", whichever comes first";
  }
  return iterations > 0 ? iterations_text : minutes_text.str();
}

std::string agent_name(const std::string& rule_set, int k) {
  return k == 1 ? rule_set : rule_set + "@" + std::to_string(k);
}

uint64_t LabConfig::agent_lab_seed(int k) const {
  constexpr uint64_t kAgentsStream = 0x6167656e7473;  // "agents"
  return k == 1 ? seed : derive_seed(seed, {kAgentsStream, static_cast<uint64_t>(k)});
}

std::string LabConfig::agent_folder(const RuleSetEntry& entry, const std::string& out_dir,
                                    int k) const {
  if (!entry.run.empty()) return entry.run;
  if (training.enabled() && needs_network(entry))
    return out_dir + "/agents/" + agent_name(entry.name, k);
  return "";
}

bool LabConfig::needs_network(const RuleSetEntry& entry) const {
  return names_agent_folder(agent_of(entry)) ||
         std::any_of(draw_seekers.begin(), draw_seekers.end(), names_agent_folder);
}

const std::string& LabConfig::agent_of(const RuleSetEntry& entry) const {
  return entry.agent.empty() ? agent : entry.agent;
}

std::string LabConfig::agent_spec(const RuleSetEntry& entry, int budget,
                                  const std::string& folder) const {
  return fill_tokens(agent_of(entry), simulations * budget, folder);
}

std::string LabConfig::lab_agent_spec(int budget, const std::string& folder) const {
  return fill_tokens(agent, simulations * budget, folder);
}

int LabConfig::gate_budget() const { return *std::min_element(budgets.begin(), budgets.end()); }

void LabConfig::check_played_by(const RuleSetEntry& entry, const std::string& path,
                                const std::string& recorded, const std::string& expected) const {
  if (names_agent_folder(agent_of(entry)) || recorded == expected) return;
  throw GameError(path + " was played by `" + recorded + "` but the config gives rule set '" +
                  entry.name + "' the agent `" + expected +
                  "`: move the file away to play it again with the new agent");
}

void LabConfig::check_played_under(const RuleSetEntry& entry, const std::string& path,
                                   const std::string& recorded) const {
  const std::string expected = game_of(entry)->options().non_defaults();
  if (recorded == expected) return;
  throw GameError(path + " was played under the options '" + recorded +
                  "' but the config gives rule set '" + entry.name + "' '" + expected +
                  "': move the file away to play it again under the new options");
}

bool LabConfig::agent_per_entry() const {
  return std::any_of(rule_sets.begin(), rule_sets.end(),
                     [](const RuleSetEntry& e) { return !e.agent.empty(); });
}

int LabConfig::wall_games_of(const RuleSetEntry& entry) const {
  return entry.wall_games > 0 ? entry.wall_games : wall_games;
}

std::string LabConfig::own_wall_games_text() const {
  std::string text;
  for (const RuleSetEntry& entry : rule_sets) {
    if (entry.wall_games > 0) {
      text += " `" + entry.name + "`: " + std::to_string(entry.wall_games) + " wall-builder games.";
    }
  }
  return text;
}

std::string LabConfig::draw_seeker_spec(size_t k, int budget, const std::string& folder) const {
  return fill_tokens(draw_seekers.at(k), simulations * budget, folder);
}

std::string LabConfig::game_settings_text() const {
  std::string text;
  if (!overrides.empty()) {
    text += " Every rule set with:" + settings_list(overrides) + ".";
  }
  for (const RuleSetEntry& e : rule_sets) {
    std::vector<std::string> own = e.set;
    // The swept "option=value" is in the entry's name already.
    if (auto it = std::find(own.begin(), own.end(), e.swept); it != own.end()) own.erase(it);
    if (own.empty()) continue;
    text += " `" + e.name + "` also with:" + settings_list(own) + ".";
  }
  return text;
}

bool LabConfig::agent_per_rule_set() const { return names_agent_folder(agent); }

std::shared_ptr<const Game> LabConfig::game_of(const RuleSetEntry& entry,
                                               const std::vector<std::string>& more) const {
  std::vector<std::string> all = overrides;
  all.insert(all.end(), entry.set.begin(), entry.set.end());
  all.insert(all.end(), more.begin(), more.end());
  return load_game("inchworm", entry.rules, all);
}

LabConfig LabConfig::from_file(const std::string& path) {
  const YAML::Node root =
      load_yaml_input(read_input_file(path, "lab config"), "lab config '" + path + "'");
  LabConfig c;
  try {
    config_from_yaml(c, root, "");
  } catch (const GameError& e) {
    throw GameError(path + ": " + e.what());
  }
  // Checks between keys, and those only a present section needs.
  if (root.IsMap() && root["training"]) finish_training(path, c.training);
  if (c.budgets.empty()) throw GameError(path + ": budgets is empty");
  if (c.rule_sets.empty()) throw GameError(path + ": rule_sets must be a non-empty list");
  expand_sweeps(c.rule_sets, path + ": ");
  std::set<std::string> names;
  for (size_t i = 0; i < c.rule_sets.size(); ++i) {
    RuleSetEntry& r = c.rule_sets[i];
    const std::string where = path + ": rule_sets[" + std::to_string(i) + "]";
    if (r.name.empty() || r.name.find_first_of("/ \\") != std::string::npos) {
      throw GameError(where + ": name must be a non-empty word (it names result files)");
    }
    // '@' names an agent k >= 2 of a rule set (agent_name): "a@2" would be
    // both a rule set and the second agent of "a".
    if (r.name.find('@') != std::string::npos) {
      throw GameError(where + ": name '" + r.name +
                      "' holds '@', which names a rule set's further agents (a@2)");
    }
    if (r.rules.empty()) r.rules = r.name;
    if (!names.insert(r.name).second) throw GameError(where + ": duplicate name '" + r.name + "'");
    // A rule set's own agent is a player spec the lab need not train: the
    // per-rule-set folders ("{agent}") belong to the lab's agent.
    if (!r.agent.empty()) {
      if (names_agent_folder(r.agent))
        throw GameError(where + ": agent '" + r.agent +
                        "' uses {agent}: a rule set's own agent names its player (a trained "
                        "network by net:PATH or zoo:NAME)");
      check_lab_player_spec(path, "rule_sets[" + std::to_string(i) + "].agent",
                            fill_tokens(r.agent, c.simulations, ""));
    }
    // "{agent}" needs a folder per rule set, and training needs "{agent}".
    if (c.needs_network(r) && r.run.empty() && !c.training.enabled()) {
      throw GameError(
          where + ": " + (names_agent_folder(c.agent_of(r)) ? "the agent spec" : "a draw-seeker") +
          " uses {agent} but '" + r.name + "' has no run: and the config has no training: section");
    }
  }
  for (const std::string& spec : c.wall_opponents) check_player_spec(path, "wall_opponents", spec);
  check_draw_seekers(path, c);
  check_strength_gate(path, c.strength_gate);
  // Several agents need the lab to train them: a run: is one network.
  if (c.training.agents > 1) {
    if (!c.agent_per_rule_set()) {
      throw GameError(path + ": training.agents is " + std::to_string(c.training.agents) +
                      " but the agent spec does not use {agent}, so no trained agent would play");
    }
    for (size_t i = 0; i < c.rule_sets.size(); ++i) {
      if (c.rule_sets[i].run.empty()) continue;
      throw GameError(path + ": training.agents is " + std::to_string(c.training.agents) +
                      " but rule_sets[" + std::to_string(i) + "] '" + c.rule_sets[i].name +
                      "' reuses run: " + c.rule_sets[i].run +
                      ", one network (several agents are trained by the lab)");
    }
  }
  if (c.training.enabled() && !c.agent_per_rule_set()) {
    throw GameError(path + ": training: is set but the agent spec does not use {agent} (e.g. " +
                    "\"net:{agent}:sims={sims}\"), so the trained agents would not play");
  }
  return c;
}

std::string LabConfig::doc_table() { return config_doc_table(LabConfig{}); }

}  // namespace inchzero::lab
