// Every game of the registry as the page's setup form shows it: its name
// and summary, its shipped rule sets and each rule option's schema (kind,
// default, range or choices, one line of documentation).
#pragma once

#include <nlohmann/json.hpp>

namespace inchzero {

// [{"name", "summary", "rules": [...], "options": [{"name", "kind": "int" |
// "bool" | "choice", "default", "min", "max", "choices", "doc"}]}]
nlohmann::ordered_json games_json();

// Every shipped rule set of every game, resolved: {game: {rule set: "key:
// value\n..." (RuleOptions::to_yaml)}}. The WebAssembly build reads rule
// sets from this table (wasm/rule_table.h), having no YAML reader.
nlohmann::ordered_json rule_sets_json();

}  // namespace inchzero
