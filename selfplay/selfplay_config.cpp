#include "selfplay/selfplay_config.h"

#include <fstream>
#include <sstream>

namespace inchzero {

void SelfPlayConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  config_from_yaml(*this, node, where);
}

void SelfPlayConfig::set(const std::string& assignment) {
  config_set(*this, assignment, "selfplay");
}

SelfPlayConfig SelfPlayConfig::from_yaml_text(const std::string& text) {
  YAML::Node node;
  try {
    node = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw GameError(std::string("self-play config is not valid YAML: ") + e.what());
  }
  SelfPlayConfig config;
  config.update_from_yaml(node);
  return config;
}

SelfPlayConfig SelfPlayConfig::from_yaml_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw GameError("cannot read self-play config '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return from_yaml_text(text.str());
  } catch (const GameError& e) {
    throw GameError(path + ": " + e.what());
  }
}

nlohmann::json SelfPlayConfig::to_json() const { return config_to_json(*this); }

std::string SelfPlayConfig::describe() { return config_doc_table(SelfPlayConfig{}); }

}  // namespace inchzero
