#include "server/game_catalog.h"

#include "core/registry.h"

namespace inchzero {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

nlohmann::ordered_json games_json() {
  json games = json::array();
  for (const GameEntry& entry : game_table()) {
    const OptionSchema& schema = entry.schema();
    json options = json::array();
    for (const OptionSpec& spec : schema.specs()) {
      json option = {{"name", spec.name}, {"doc", spec.doc}};
      option["default"] = schema.format(spec, spec.default_int);
      switch (spec.kind) {
        case OptionSpec::Kind::Int:
          option["kind"] = "int";
          option["min"] = spec.min;
          option["max"] = spec.max;
          break;
        case OptionSpec::Kind::Bool:
          option["kind"] = "bool";
          break;
        case OptionSpec::Kind::Choice:
          option["kind"] = "choice";
          option["choices"] = spec.choices;
          break;
      }
      options.push_back(std::move(option));
    }
    std::vector<std::string> rules = {"default"};
    for (const std::string& name : shipped_rule_names(entry.name))
      if (name != "default") rules.push_back(name);
    games.push_back({{"name", entry.name},
                     {"summary", entry.summary},
                     {"rules", rules},
                     {"options", std::move(options)}});
  }
  return games;
}

nlohmann::ordered_json rule_sets_json() {
  nlohmann::ordered_json sets = nlohmann::ordered_json::object();
  for (const GameEntry& entry : game_table()) {
    nlohmann::ordered_json named = nlohmann::ordered_json::object();
    for (const std::string& name : shipped_rule_names(entry.name))
      named[name] = load_rule_options(entry.schema(), name).to_yaml();
    sets[entry.name] = std::move(named);
  }
  return sets;
}

}  // namespace inchzero
