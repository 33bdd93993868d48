#include "selfplay/selfplay_config.h"

#include <fstream>
#include <sstream>

#include "selfplay/config_fields.h"

namespace inchzero {

void SelfPlayConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  if (!node || node.IsNull()) return;
  std::set<std::string> known{"search"};
#define INCHZERO_KNOW_FIELD(type, name, def, min, max, doc) known.insert(#name);
  INCHZERO_SELFPLAY_CONFIG_FIELDS(INCHZERO_KNOW_FIELD)
#undef INCHZERO_KNOW_FIELD
  config_fields::reject_unknown_keys(node, where, known);
#define INCHZERO_READ_FIELD(type, name, def, min, max, doc) \
  if (node[#name]) config_fields::read(node[#name], where + "." #name, type(min), type(max), name);
  INCHZERO_SELFPLAY_CONFIG_FIELDS(INCHZERO_READ_FIELD)
#undef INCHZERO_READ_FIELD
  search.update_from_yaml(node["search"], where + ".search");
}

void SelfPlayConfig::set(const std::string& assignment) {
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw GameError("self-play setting '" + assignment + "' is not key=value");
  }
  // Build {a: {b: value}} from "a.b=value" and apply it like a config file.
  YAML::Node root(YAML::NodeType::Map);
  YAML::Node node = root;
  std::string key = assignment.substr(0, eq);
  for (size_t dot; (dot = key.find('.')) != std::string::npos; key = key.substr(dot + 1)) {
    node[key.substr(0, dot)] = YAML::Node(YAML::NodeType::Map);
    node.reset(node[key.substr(0, dot)]);  // rebind (operator= would copy into `root`)
  }
  try {
    node[key] = YAML::Load(assignment.substr(eq + 1));
  } catch (const YAML::Exception& e) {
    throw GameError("self-play setting '" + assignment + "': " + e.what());
  }
  update_from_yaml(root);
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

nlohmann::json SelfPlayConfig::to_json() const {
  nlohmann::json j;
#define INCHZERO_WRITE_FIELD(type, name, def, min, max, doc) j[#name] = name;
  INCHZERO_SELFPLAY_CONFIG_FIELDS(INCHZERO_WRITE_FIELD)
#undef INCHZERO_WRITE_FIELD
  j["search"] = search.to_json();
  return j;
}

std::string SelfPlayConfig::describe() {
  std::ostringstream out;
  out << "| key | default | meaning |\n|---|---|---|\n";
#define INCHZERO_DESCRIBE_FIELD(type, name, def, min, max, doc) \
  out << "| " #name " | " << nlohmann::json(type(def)).dump() << " | " << doc << " |\n";
  INCHZERO_SELFPLAY_CONFIG_FIELDS(INCHZERO_DESCRIBE_FIELD)
#define INCHZERO_DESCRIBE_SEARCH_FIELD(type, name, def, min, max, doc) \
  out << "| search." #name " | " << nlohmann::json(type(def)).dump() << " | " << doc << " |\n";
  INCHZERO_SEARCH_CONFIG_FIELDS(INCHZERO_DESCRIBE_SEARCH_FIELD)
#undef INCHZERO_DESCRIBE_SEARCH_FIELD
#undef INCHZERO_DESCRIBE_FIELD
  return out.str();
}

}  // namespace inchzero
