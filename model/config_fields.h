// Configuration structs whose fields are declared ONCE.
//
// A config struct lists its fields in one static member template (`Self` is
// the struct, const or not):
//     template <class Self, class V> static void visit_fields(Self& c, V&& v) {
//       v("blocks", c.blocks, "residual blocks");
//       ...
//     }
// Every reader and writer below walks that list, so adding a field is one
// line: JSON in and out, YAML in (unknown keys are errors that name them) and
// a documentation table all follow.
//
// Field types supported: bool, int, int64_t, uint64_t, double, std::string.
#pragma once

#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "core/game.h"

namespace inchzero {

// The struct's fields as a JSON object (for logs and files).
template <class Config>
nlohmann::json config_to_json(const Config& config) {
  nlohmann::json out = nlohmann::json::object();
  Config::visit_fields(
      config, [&](const char* name, const auto& value, const char*) { out[name] = value; });
  return out;
}

// Overwrite the fields named in `in` (others keep their values). Throws
// GameError naming `what` and the key when a key is unknown or a value has
// the wrong type.
template <class Config>
void config_from_json(Config& config, const nlohmann::json& in, const std::string& what) {
  if (!in.is_object()) throw GameError(what + ": expected a JSON object");
  std::set<std::string> known;
  Config::visit_fields(config, [&](const char* name, auto& value, const char*) {
    known.insert(name);
    auto it = in.find(name);
    if (it == in.end()) return;
    try {
      it->get_to(value);
    } catch (const nlohmann::json::exception& e) {
      throw GameError(what + ": bad value for '" + name + "': " + it->dump());
    }
  });
  for (const auto& item : in.items())
    if (!known.count(item.key())) throw GameError(what + ": unknown key '" + item.key() + "'");
}

// Overwrite the fields named in the YAML map `node` (others keep their
// values). Throws GameError naming `what` and the key when a key is unknown,
// `node` is not a map, or a value does not parse as the field's type.
template <class Config>
void config_from_yaml(Config& config, const YAML::Node& node, const std::string& what) {
  if (!node || node.IsNull()) return;
  if (!node.IsMap()) throw GameError(what + ": expected a map of key: value");
  std::set<std::string> known;
  Config::visit_fields(config, [&](const char* name, auto& value, const char*) {
    known.insert(name);
    const YAML::Node item = node[name];
    if (!item) return;
    using T = std::decay_t<decltype(value)>;
    try {
      value = item.as<T>();
    } catch (const YAML::Exception&) {
      std::ostringstream text;
      text << item;
      throw GameError(what + ": bad value for '" + name + "': '" + text.str() + "'");
    }
  });
  for (const auto& item : node) {
    const std::string key = item.first.as<std::string>();
    if (!known.count(key)) {
      std::string names;
      for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
      throw GameError(what + ": unknown key '" + key + "' (known: " + names + ")");
    }
  }
}

// A markdown table "| key | default | meaning |" of the struct's fields with
// the values of `config` (pass a default-constructed one for defaults).
template <class Config>
std::string config_doc_table(const Config& config) {
  std::ostringstream out;
  out << "| key | default | meaning |\n|---|---|---|\n";
  Config::visit_fields(config, [&](const char* name, const auto& value, const char* doc) {
    out << "| `" << name << "` | " << nlohmann::json(value).dump() << " | " << doc << " |\n";
  });
  return out.str();
}

}  // namespace inchzero
