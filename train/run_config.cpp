#include "train/run_config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/embedded_files.h"
#include "core/input_file.h"
#include "core/named_file.h"
#include "core/registry.h"
#include "core/yaml_input.h"
#include "model/encoder.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

// `over` laid over `base`: maps merge key by key (recursively), anything else
// in `over` replaces.
YAML::Node merge(const YAML::Node& base, const YAML::Node& over) {
  if (!base || !base.IsMap() || !over.IsMap()) return YAML::Clone(over);
  YAML::Node out = YAML::Clone(base);
  for (const auto& item : over) {
    const std::string key = item.first.as<std::string>();
    out[key] = merge(base[key], item.second);
  }
  return out;
}

std::string embedded_config_names() {
  std::string names;
  for (const std::string& path : embedded_file_paths()) {
    if (path.find('/') != std::string::npos) continue;  // rules/... are rule sets
    names += (names.empty() ? "" : ", ") + path.substr(0, path.size() - 5);
  }
  return names;
}

// Whether a folder is there; a name the file system refuses (too long for
// it, under a folder that may not be entered) is none, so such a config
// name gets the reader's one-line "no config file" error instead of a
// std::filesystem_error (found by the run_config fuzzer).
bool is_directory_here(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

// How `source` names an embedded config.
const std::string kEmbeddedSourcePrefix = "embedded ";

bool is_embedded(const std::string& source) { return source.rfind(kEmbeddedSourcePrefix, 0) == 0; }

// The text of the embedded config `name` ("invector", "invector.yaml", or a
// path whose file name is that); `source` gets where it came from. Throws
// naming `asked` (what the user wrote) when there is none.
std::string embedded_config_text(const std::string& name_or_path, const std::string& asked,
                                 std::string& source) {
  std::string name = std::filesystem::path(name_or_path).filename().string();
  if (name.size() > 5 && name.substr(name.size() - 5) == ".yaml") name.resize(name.size() - 5);
  if (const std::string* text = embedded_file(name + ".yaml")) {
    source = kEmbeddedSourcePrefix + name + ".yaml";
    return *text;
  }
  throw GameError("no config file '" + asked + "' and no embedded config '" + name +
                  "' (embedded: " + embedded_config_names() + ")");
}

// The text of a config by path or embedded name; `source` gets where it came from.
std::string config_text(const std::string& path_or_name, std::string& source) {
  if (is_directory_here(path_or_name)) {
    throw GameError("config '" + path_or_name +
                    "' is a directory (give a YAML file, or a run folder as --out)");
  }
  // A name that exists but is no regular file (a device, a FIFO) is refused
  // at once, not read nor waited on.
  std::error_code ec;
  if (std::filesystem::exists(path_or_name, ec)) {
    std::string text = read_input_file(path_or_name, "config");
    source = path_or_name;
    return text;
  }
  return embedded_config_text(path_or_name, path_or_name, source);
}

// The text `inherits: parent` in the config from `source` means (core/named_file.h):
// a file beside that one or in the current folder, by path or as a name
// ("inchworm-chess" = inchworm-chess.yaml), so configs/longworm-chess.yaml
// inherits the configs/inchworm-chess.yaml next to it, edits included, not
// the copy embedded when the binary was built; else the embedded config of
// that name. An embedded config's parent is embedded: what a shipped config
// means must not depend on the files where the command is run.
std::string parent_text(const std::string& parent, const std::string& source,
                        std::string& parent_source) {
  if (is_embedded(source)) return embedded_config_text(parent, parent, parent_source);
  const std::string file = find_named_file(parent, source, ".yaml", SelfReference::kSkip);
  if (!file.empty()) return config_text(file, parent_source);
  // None, or only the inheriting file itself: the embedded config's name.
  std::error_code ec;
  return std::filesystem::is_regular_file(parent, ec)
             ? embedded_config_text(parent, parent, parent_source)
             : config_text(parent, parent_source);
}

// Parse `text`, resolving `inherits:`; `chain` holds the sources that
// inherit this one (a cycle is named, and the chain is bounded).
YAML::Node resolve(const std::string& text, const std::string& source, InheritanceChain chain) {
  chain.enter(source, source_identity(source));
  YAML::Node node = load_yaml_input(text, source);
  // An empty file is more likely a mistake (a truncated copy, the wrong
  // path) than a wish for every default: those are asked for explicitly.
  if (node.IsNull()) {
    throw GameError(source + ": empty config (for the defaults write `inherits: inchworm`)");
  }
  if (!node.IsMap()) throw GameError(source + ": expected a map of sections");
  if (!node["inherits"]) return node;
  // A YAML error below (`inherits` or a key that is not a string) is a bad
  // config, said in one line like every other.
  try {
    const std::string parent = node["inherits"].as<std::string>();
    std::string parent_source;
    const std::string text_of_parent = parent_text(parent, source, parent_source);
    YAML::Node base = resolve(text_of_parent, parent_source, chain);
    node.remove("inherits");
    return merge(base, node);
  } catch (const YAML::Exception& e) {
    throw GameError(source + ": " + e.what());
  }
}

YAML::Node json_to_yaml(const nlohmann::json& j) {
  YAML::Node node;
  if (j.is_object()) {
    node = YAML::Node(YAML::NodeType::Map);
    for (const auto& item : j.items()) node[item.key()] = json_to_yaml(item.value());
  } else if (j.is_array()) {
    node = YAML::Node(YAML::NodeType::Sequence);
    for (const auto& item : j) node.push_back(json_to_yaml(item));
  } else if (j.is_string()) {
    node = j.get<std::string>();
  } else if (j.is_boolean()) {
    node = j.get<bool>();
  } else if (j.is_number_unsigned()) {
    node = j.get<uint64_t>();
  } else if (j.is_number_integer()) {
    node = j.get<int64_t>();
  } else if (j.is_number_float()) {
    // nlohmann writes the shortest text that reads back as the same double
    // ("0.1"); yaml-cpp's own conversion prints 17 digits (0.10000000000000001).
    node = YAML::Load(j.dump());
  }
  return node;
}

}  // namespace

std::shared_ptr<const Game> GameChoice::load() const { return load_game(name, rules, set); }

void EvaluationConfig::validate() const {
  validate_config(*this, "evaluation");
  auto checked = [](const char* key, auto&& check) {
    try {
      check();
    } catch (const GameError& e) {
      throw GameError(std::string("config key 'evaluation.") + key + "': " + e.what());
    }
  };
  checked("baselines", [&] { baseline_specs(); });
  if (occasional_every > 0) checked("occasional", [&] { parse_player_spec(occasional); });
}

std::vector<std::string> EvaluationConfig::baseline_specs() const {
  std::vector<std::string> specs;
  std::istringstream in(baselines);
  std::string spec;
  while (std::getline(in, spec, ',')) {
    spec.erase(0, spec.find_first_not_of(" \t"));
    spec.erase(spec.find_last_not_of(" \t") + 1);
    if (spec.empty()) continue;
    parse_player_spec(spec);  // throws naming a bad one
    specs.push_back(spec);
  }
  return specs;
}

RunConfig RunConfig::parse_yaml_text(const std::string& text, const std::string& source) {
  const YAML::Node root = resolve(text, source, {});
  RunConfig c;
  const std::vector<std::string> sections = config_fields::field_names(c);
  for (const auto& item : root) {
    std::string key;
    try {
      key = item.first.as<std::string>();
    } catch (const YAML::Exception& e) {
      throw GameError(source + ": a section name that is not a string: " + e.what());
    }
    if (std::find(sections.begin(), sections.end(), key) == sections.end()) {
      std::string names;  // seed, inherits, game, ...: in the order a file has them
      for (const auto& name : sections)
        names += (names.empty() ? "" : ", ") + name + (name == "seed" ? ", inherits" : "");
      throw GameError(source + ": unknown section '" + key + "' (known: " + names + ")");
    }
  }
  auto section = [&](const char* name, auto&& check) {
    try {
      check();
    } catch (const GameError& e) {
      throw GameError(source + ": " + e.what());
    } catch (const YAML::Exception& e) {
      throw GameError(source + ": " + (*name ? "section '" + std::string(name) + "': " : "") +
                      e.what());
    }
  };
  // Every key read, typed and checked against its range or choices ...
  section("", [&] { config_from_yaml(c, root, ""); });
  // ... then the checks between keys.
  section("selfplay", [&] { c.selfplay.validate(); });
  section("trainer", [&] { validate(c.trainer); });
  section("replay", [&] { c.replay.validate(); });
  section("evaluation", [&] { c.evaluation.validate(); });
  // The game must load (names a bad rule set or option now, not mid-run)
  // and have an encoder.
  section("game", [&] { make_encoder(*c.game.load()); });
  return c;
}

std::string RunConfig::read_text(const std::string& path_or_name, std::string& source) {
  return config_text(path_or_name, source);
}

nlohmann::json RunConfig::to_json() const { return config_to_json(*this); }

std::string RunConfig::doc_table() { return config_doc_table(RunConfig{}); }

std::string RunConfig::to_yaml() const {
  YAML::Emitter out;
  out << json_to_yaml(to_json());
  return std::string(out.c_str()) + "\n";
}

}  // namespace inchzero
