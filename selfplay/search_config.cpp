#include "selfplay/search_config.h"

namespace inchzero {

void SearchConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  config_from_yaml(*this, node, where);
}

nlohmann::json SearchConfig::to_json() const { return config_to_json(*this); }

}  // namespace inchzero
