#include "selfplay/lab/lab_config.h"

#include <yaml-cpp/yaml.h>

#include <set>

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

}  // namespace

std::string LabConfig::agent_spec(int budget) const {
  std::string spec = agent;
  const std::string token = "{sims}";
  const size_t at = spec.find(token);
  if (at != std::string::npos) spec.replace(at, token.size(), std::to_string(simulations * budget));
  return spec;
}

LabConfig LabConfig::from_file(const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) {
    throw GameError("lab config '" + path + "': " + e.msg);
  }
  LabConfig c;
  reject_unknown(root, path,
                 {"description", "seed", "threads", "agent", "simulations", "budgets", "games",
                  "wall_games", "opening_plies", "overrides", "rule_sets"});
  read(root, "description", path, c.description);
  read(root, "seed", path, c.seed);
  read(root, "threads", path, c.threads);
  read(root, "agent", path, c.agent);
  read(root, "simulations", path, c.simulations);
  read(root, "budgets", path, c.budgets);
  read(root, "games", path, c.games);
  read(root, "wall_games", path, c.wall_games);
  read(root, "opening_plies", path, c.opening_plies);
  read(root, "overrides", path, c.overrides);
  require_positive(c.threads, path + ": threads");
  require_positive(c.simulations, path + ": simulations");
  require_positive(c.games, path + ": games");
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
    reject_unknown(entry, where, {"name", "rules", "set"});
    read(entry, "name", where, r.name);
    read(entry, "rules", where, r.rules);
    read(entry, "set", where, r.set);
    if (r.name.empty() || r.name.find_first_of("/ \\") != std::string::npos) {
      throw GameError(where + ": name must be a non-empty word (it names result files)");
    }
    if (r.rules.empty()) r.rules = r.name;
    if (!names.insert(r.name).second) throw GameError(where + ": duplicate name '" + r.name + "'");
    c.rule_sets.push_back(r);
  }
  return c;
}

}  // namespace inchzero::lab
