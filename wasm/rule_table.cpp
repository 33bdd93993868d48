#include "wasm/rule_table.h"

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero {
namespace {

using RuleSets = std::map<std::string, std::map<std::string, std::string>>;

RuleSets& table() {
  static RuleSets sets;
  return sets;
}

}  // namespace

void install_rule_sets(const nlohmann::json& sets) {
  if (!sets.is_object()) throw GameError("rule sets: expected {game: {name: options}}");
  RuleSets installed;
  for (const auto& [game, named] : sets.items()) {
    if (!named.is_object()) throw GameError("rule sets of '" + game + "': expected an object");
    for (const auto& [name, text] : named.items()) {
      if (!text.is_string())
        throw GameError("rule set '" + name + "' of '" + game + "': expected option lines");
      installed[game][name] = text.get<std::string>();
    }
  }
  table() = std::move(installed);
}

void apply_rule_set(const OptionSchema& schema, const std::string& rules, RuleOptions& options) {
  const auto& sets = table()[schema.game()];
  const auto found = sets.find(rules);
  if (found == sets.end()) {
    std::string known;
    for (const auto& name : shipped_rule_names(schema.game()))
      known += (known.empty() ? "" : ", ") + name;
    throw GameError("unknown rule set '" + rules + "' for game " + schema.game() +
                    " (shipped: " + known + ")");
  }
  std::vector<std::string> unreadable;
  const RuleOptions resolved = schema.from_recorded_yaml(found->second, &unreadable);
  if (!unreadable.empty())
    throw GameError("rule set '" + rules + "': cannot read '" + unreadable.front() + "'");
  for (const OptionSpec& spec : schema.specs())
    schema.set(options, spec.name, schema.format(spec, resolved.get_int(spec.name)));
}

RuleOptions rule_options_from_text(const OptionSchema& schema, const std::string& text,
                                   const std::string& origin) {
  throw GameError(origin + ": rule files are not read in the browser; name a shipped rule set");
}

std::vector<std::string> shipped_rule_names(const std::string& game) {
  std::vector<std::string> names;
  for (const auto& [name, text] : table()[game]) names.push_back(name);
  return names;  // std::map: sorted by name
}

}  // namespace inchzero
