#include "selfplay/selfplay_config.h"

#include "core/input_file.h"
#include "core/yaml_input.h"

namespace inchzero {

void SelfPlayConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  config_from_yaml(*this, node, where);
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
