#include "selfplay/search_config.h"

#include "selfplay/config_fields.h"

namespace inchzero {

void SearchConfig::update_from_yaml(const YAML::Node& node, const std::string& where) {
  if (!node || node.IsNull()) return;
  std::set<std::string> known;
#define INCHZERO_KNOW_FIELD(type, name, def, min, max, doc) known.insert(#name);
  INCHZERO_SEARCH_CONFIG_FIELDS(INCHZERO_KNOW_FIELD)
#undef INCHZERO_KNOW_FIELD
  config_fields::reject_unknown_keys(node, where, known);
#define INCHZERO_READ_FIELD(type, name, def, min, max, doc) \
  if (node[#name]) config_fields::read<type>(node[#name], where + "." #name, min, max, name);
  INCHZERO_SEARCH_CONFIG_FIELDS(INCHZERO_READ_FIELD)
#undef INCHZERO_READ_FIELD
}

nlohmann::json SearchConfig::to_json() const {
  nlohmann::json j;
#define INCHZERO_WRITE_FIELD(type, name, def, min, max, doc) j[#name] = name;
  INCHZERO_SEARCH_CONFIG_FIELDS(INCHZERO_WRITE_FIELD)
#undef INCHZERO_WRITE_FIELD
  return j;
}

}  // namespace inchzero
