#include "server/game_rules.h"

#include <algorithm>

#include "core/registry.h"
#include "server/request_error.h"

namespace inchzero {

void check_shipped_rules(const std::string& game, const std::string& label,
                         const std::string& field) {
  const std::string rules = label.substr(0, label.find('+'));
  if (rules == "default") return;
  const std::vector<std::string> shipped = shipped_rule_names(game);
  if (std::find(shipped.begin(), shipped.end(), rules) != shipped.end()) return;
  std::string known = "default";
  for (const std::string& name : shipped) known += ", " + name;
  throw RequestError(
      400, "unknown rule set '" + rules + "' for game " + game + " (served: " + known + ")", field);
}

std::vector<std::pair<std::string, std::string>> option_values(const Game& game) {
  std::vector<std::pair<std::string, std::string>> out;
  const OptionSchema& schema = find_game(game.name()).schema();
  for (const OptionSpec& spec : schema.specs())
    out.emplace_back(spec.name, schema.format(spec, game.options().get_int(spec.name)));
  return out;
}

RulesChoice rules_choice_of(const Game& game) {
  RulesChoice choice;
  choice.game = game.name();
  const std::string label = game.options().label();
  choice.rules = label.substr(0, label.find('+'));
  const std::vector<std::string> shipped = shipped_rule_names(game.name());
  if (std::find(shipped.begin(), shipped.end(), choice.rules) == shipped.end())
    choice.rules = "default";
  const auto base = option_values(*load_game_from_label(game.name(), choice.rules));
  const auto values = option_values(game);
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i].second != base[i].second)
      choice.set.push_back(values[i].first + "=" + values[i].second);
  return choice;
}

std::shared_ptr<const Game> GameCache::get(const RulesChoice& choice) {
  std::string key = choice.game + "\n" + choice.rules;
  for (const std::string& s : choice.set) key += "\n" + s;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = games_.find(key);
    if (it != games_.end()) return it->second;
  }
  try {
    find_game(choice.game);
  } catch (const GameError& e) {
    throw RequestError(400, e.what(), "game");
  }
  check_shipped_rules(choice.game, choice.rules);
  for (const std::string& s : choice.set)
    if (s.find('=') == std::string::npos || s.find('+') != std::string::npos)
      throw RequestError(400, "set: '" + s + "' is not key=value", "set");
  std::shared_ptr<const Game> game;
  try {
    std::string label = choice.rules;
    for (const std::string& s : choice.set) label += "+" + s;
    game = load_game_from_label(choice.game, label);
  } catch (const GameError& e) {
    throw RequestError(400, e.what(), choice.set.empty() ? "rules" : "set");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (games_.size() >= capacity_) games_.clear();
  return games_.emplace(key, game).first->second;
}

}  // namespace inchzero
