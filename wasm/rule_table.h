// The shipped rule sets in the WebAssembly build, which has no YAML reader:
// a table of each set's resolved options ("key: value" lines, as
// RuleOptions::to_yaml writes them), made by the native build's YAML code
// (rule_sets_json, server/game_catalog.h) and installed before any game is
// built. rule_table.cpp defines load_rule_options and shipped_rule_names
// (core/rules/options.h) over it.
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace inchzero {

// Install {game: {rule set: "key: value\n..."}}, replacing any table before.
// Throws GameError when the value is not of that shape.
void install_rule_sets(const nlohmann::json& sets);

}  // namespace inchzero
