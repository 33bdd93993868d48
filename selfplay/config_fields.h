// Helpers shared by the X-macro config structs (search_config.h,
// selfplay_config.h): each tunable is declared ONCE as
//   X(type, name, default, min, max, "doc")
// and these templates read it from YAML, check its range and write it to JSON,
// so no field name is ever spelled out twice.
#pragma once

#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "core/game.h"
#include "model/precision.h"

namespace inchzero {
// Precision settings read and write as their names ("fp32", "bf16", "auto").
inline void to_json(nlohmann::json& j, Precision p) { j = to_string(p); }
inline void from_json(const nlohmann::json& j, Precision& p) {
  p = parse_precision(j.get<std::string>());
}
}  // namespace inchzero

namespace inchzero::config_fields {

// Read `node` as T into `value` and check min <= value <= max. `where` names
// the key ("selfplay.search.c_puct") in the GameError thrown on bad input.
// A precision setting: one of its names (min and max are unused).
inline void read(const YAML::Node& node, const std::string& where, Precision, Precision,
                 Precision& value) {
  try {
    value = parse_precision(node.as<std::string>());
  } catch (const std::exception& e) {
    throw GameError("config key '" + where + "': " + e.what());
  }
}

template <typename T>
void read(const YAML::Node& node, const std::string& where, T min, T max, T& value) {
  try {
    value = node.as<T>();
  } catch (const YAML::Exception&) {
    throw GameError("config key '" + where + "': cannot read '" + YAML::Dump(node) + "' as a " +
                    (std::is_same_v<T, bool> ? "boolean" : "number"));
  }
  if constexpr (!std::is_same_v<T, bool>) {
    if (value < min || value > max) {
      std::ostringstream msg;
      msg << "config key '" << where << "': " << value << " is outside [" << min << ", " << max
          << "]";
      throw GameError(msg.str());
    }
  }
}

// Throw GameError naming every key of the map `node` that is not in `known`.
inline void reject_unknown_keys(const YAML::Node& node, const std::string& where,
                                const std::set<std::string>& known) {
  if (!node.IsMap()) throw GameError("config '" + where + "' must be a map of key: value");
  std::string unknown;
  for (const auto& kv : node) {
    const auto key = kv.first.as<std::string>();
    if (!known.count(key)) unknown += (unknown.empty() ? "" : ", ") + key;
  }
  if (unknown.empty()) return;
  std::string accepted;
  for (const auto& k : known) accepted += (accepted.empty() ? "" : ", ") + k;
  throw GameError("config '" + where + "': unknown key(s) " + unknown + " (accepted: " + accepted +
                  ")");
}

}  // namespace inchzero::config_fields
