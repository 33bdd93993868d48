// The table of games: name -> option schema and factory. Adding a game is one
// row in core/registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rules/options.h"

namespace inchzero {

struct GameEntry {
  std::string name;
  std::string summary;
  const OptionSchema& (*schema)();
  std::shared_ptr<const Game> (*make)(const RuleOptions& options);
};

const std::vector<GameEntry>& game_table();
// Throws GameError naming the known games when `name` is unknown.
const GameEntry& find_game(const std::string& name);

// Build a game from its name, a rule set (shipped name or YAML path, empty =
// defaults) and "key=value" overrides. Throws GameError on any bad input.
std::shared_ptr<const Game> load_game(const std::string& name, const std::string& rules = "",
                                      const std::vector<std::string>& overrides = {});

// Rebuild a game from its name and a rule label as RuleOptions::label()
// writes it ("default", "menke", "menke+max_plies=200", "rules.yaml+k=v"):
// the rule set before the first '+', each later part an override. This is
// how a saved network (NetworkConfig::rules) names the rules it was trained
// under. Throws GameError naming the label when it cannot be rebuilt (e.g.
// a rule file that is no longer there).
std::shared_ptr<const Game> load_game_from_label(const std::string& name, const std::string& label);

}  // namespace inchzero
