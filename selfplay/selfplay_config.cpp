#include "selfplay/selfplay_config.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/input_file.h"
#include "core/yaml_input.h"

namespace inchzero {

void SelfPlayConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  config_from_yaml(*this, node, where);
}

void SelfPlayConfig::validate() const {
  if (full_visits_initial > full_visits)
    throw GameError("config key 'selfplay.full_visits_initial': " +
                    std::to_string(full_visits_initial) + " is more than selfplay.full_visits (" +
                    std::to_string(full_visits) + "): progressive visits only grow");
}

SelfPlayConfig SelfPlayConfig::at_progress(double progress) const {
  SelfPlayConfig c = *this;
  if (full_visits_initial <= 0) return c;
  const double p = std::clamp(progress, 0.0, 1.0);
  c.full_visits = std::max(
      1,
      static_cast<int>(std::lround(full_visits_initial + (full_visits - full_visits_initial) * p)));
  c.cheap_visits = std::max(
      1, static_cast<int>(std::lround(double(cheap_visits) * c.full_visits / full_visits)));
  return c;
}

void SelfPlayConfig::set(const std::string& assignment) {
  config_set(*this, assignment, "selfplay");
}

SelfPlayConfig SelfPlayConfig::from_yaml_text(const std::string& text) {
  const YAML::Node node = load_yaml_input(text, "self-play config");
  SelfPlayConfig config;
  config.update_from_yaml(node);
  return config;
}

SelfPlayConfig SelfPlayConfig::from_yaml_file(const std::string& path) {
  const std::string text = read_input_file(path, "self-play config");
  try {
    return from_yaml_text(text);
  } catch (const GameError& e) {
    throw GameError(path + ": " + e.what());
  }
}

nlohmann::json SelfPlayConfig::to_json() const { return config_to_json(*this); }

std::string SelfPlayConfig::describe() { return config_doc_table(SelfPlayConfig{}); }

}  // namespace inchzero
