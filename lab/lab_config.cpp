#include "lab/lab_config.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "core/game.h"

namespace inchzero::lab {
namespace {

void reject_unknown(const YAML::Node& node, const std::string& where,
                    const std::set<std::string>& known) {
  if (!node.IsMap()) throw GameError(where + ": expected a mapping");
  for (const auto& kv : node) {
    const std::string key = kv.first.as<std::string>();
    if (!known.count(key)) throw GameError(where + ": unknown key '" + key + "'");
  }
}

template <class T>
void read(const YAML::Node& node, const std::string& key, const std::string& where, T& out) {
  if (!node[key]) return;
  try {
    out = node[key].as<T>();
  } catch (const YAML::Exception& e) {
    throw GameError(where + "." + key + ": bad value (" + e.msg + ")");
  }
}

void require_positive(int value, const std::string& what) {
  if (value < 1) throw GameError(what + " must be at least 1");
}

const char* const kSimsToken = "{sims}";
const char* const kAgentToken = "{agent}";

void replace_all(std::string& text, const std::string& token, const std::string& value) {
  for (size_t at = text.find(token); at != std::string::npos;
       at = text.find(token, at + value.size())) {
    text.replace(at, token.size(), value);
  }
}

// `lab_path` is the lab config's file: a relative run config path is taken
// relative to it when such a file exists there (as run configs' `inherits:`).
void read_training(const YAML::Node& node, const std::string& lab_path, LabTraining& t) {
  const std::string where = lab_path + ": training";
  reject_unknown(node, where, {"config", "minutes", "iterations"});
  read(node, "config", where, t.config);
  const std::filesystem::path beside = std::filesystem::path(lab_path).parent_path() / t.config;
  if (!t.config.empty() && std::filesystem::path(t.config).is_relative() &&
      std::filesystem::is_regular_file(beside)) {
    t.config = beside.string();
  }
  read(node, "minutes", where, t.minutes);
  read(node, "iterations", where, t.iterations);
  if (t.config.empty()) throw GameError(where + ".config: name the base run config");
  if (t.minutes < 0) throw GameError(where + ".minutes must not be negative");
  if (t.iterations < 0) throw GameError(where + ".iterations must not be negative");
  if (t.minutes == 0 && t.iterations == 0) {
    throw GameError(
        where + ": give each rule set's agent a budget, minutes > 0 or iterations > 0 (or both)");
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

std::string LabConfig::agent_folder(const RuleSetEntry& entry, const std::string& out_dir) const {
  if (!entry.run.empty()) return entry.run;
  if (training.enabled()) return out_dir + "/agents/" + entry.name;
  return "";
}

std::string LabConfig::agent_spec(int budget, const std::string& folder) const {
  std::string spec = agent;
  replace_all(spec, kSimsToken, std::to_string(simulations * budget));
  if (!folder.empty()) replace_all(spec, kAgentToken, folder);
  return spec;
}

bool LabConfig::agent_per_rule_set() const { return agent.find(kAgentToken) != std::string::npos; }

LabConfig LabConfig::from_file(const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    throw GameError("lab config '" + path + "': " + e.msg);
  }
  LabConfig c;
  reject_unknown(
      root, path,
      {"description", "seed", "threads", "agent", "simulations", "budgets", "games", "wall_games",
       "opening_plies", "fortress_plies", "overrides", "rule_sets", "training"});
  read(root, "description", path, c.description);
  read(root, "seed", path, c.seed);
  read(root, "threads", path, c.threads);
  read(root, "agent", path, c.agent);
  read(root, "simulations", path, c.simulations);
  read(root, "budgets", path, c.budgets);
  read(root, "games", path, c.games);
  read(root, "wall_games", path, c.wall_games);
  read(root, "opening_plies", path, c.opening_plies);
  read(root, "fortress_plies", path, c.fortress_plies);
  read(root, "overrides", path, c.overrides);
  if (root["training"]) read_training(root["training"], path, c.training);
  require_positive(c.threads, path + ": threads");
  require_positive(c.simulations, path + ": simulations");
  require_positive(c.games, path + ": games");
  require_positive(c.fortress_plies, path + ": fortress_plies");
  if (c.wall_games < 0 || c.opening_plies < 0) {
    throw GameError(path + ": wall_games and opening_plies must not be negative");
  }
  if (c.budgets.empty()) throw GameError(path + ": budgets is empty");
  for (int b : c.budgets) require_positive(b, path + ": each budget");
  if (!root["rule_sets"] || !root["rule_sets"].IsSequence() || root["rule_sets"].size() == 0) {
    throw GameError(path + ": rule_sets must be a non-empty list");
  }
  std::set<std::string> names;
  for (size_t i = 0; i < root["rule_sets"].size(); ++i) {
    const YAML::Node entry = root["rule_sets"][i];
    const std::string where = path + ": rule_sets[" + std::to_string(i) + "]";
    RuleSetEntry r;
    reject_unknown(entry, where, {"name", "rules", "set", "run"});
    read(entry, "name", where, r.name);
    read(entry, "rules", where, r.rules);
    read(entry, "set", where, r.set);
    read(entry, "run", where, r.run);
    if (r.name.empty() || r.name.find_first_of("/ \\") != std::string::npos) {
      throw GameError(where + ": name must be a non-empty word (it names result files)");
    }
    if (r.rules.empty()) r.rules = r.name;
    if (!names.insert(r.name).second) throw GameError(where + ": duplicate name '" + r.name + "'");
    // 3. "{agent}" needs a folder per rule set, and training needs "{agent}".
    if (c.agent_per_rule_set() && r.run.empty() && !c.training.enabled()) {
      throw GameError(where + ": the agent spec uses {agent} but '" + r.name +
                      "' has no run: and the config has no training: section");
    }
    c.rule_sets.push_back(r);
  }
  if (c.training.enabled() && !c.agent_per_rule_set()) {
    throw GameError(path + ": training: is set but the agent spec does not use {agent} (e.g. " +
                    "\"net:{agent}:sims={sims}\"), so the trained agents would not play");
  }
  return c;
}

}  // namespace inchzero::lab
