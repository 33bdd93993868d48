// Rule sets read from YAML: the files shipped in configs/rules (embedded in
// the binary) and files on disk, with `inherits:`. Kept apart from
// options.cpp (the schema and values) because it is the only part of the
// rules that needs yaml-cpp and a file system: the WebAssembly build
// (wasm/) links its own rule-set table, resolved by this code, in its place.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#include "core/embedded_files.h"
#include "core/game.h"
#include "core/input_file.h"
#include "core/named_file.h"
#include "core/quoted_text.h"
#include "core/rules/options.h"
#include "core/yaml_input.h"

namespace inchzero {

namespace {

struct RuleSource {
  std::string text;
  std::string origin;  // for messages
  std::string path;    // the file on disk, for its relative `inherits`; "" when embedded
};

bool is_path_like(const std::string& s) {
  auto ends_with = [&](const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return s.find('/') != std::string::npos || ends_with(".yaml") || ends_with(".yml");
}

// The rule set `rules` names, written in the file `from` ("" for a name
// given on the command line or from an embedded rule set).
RuleSource find_rule_source(const std::string& game, const std::string& rules,
                            const std::string& from) {
  if (!is_path_like(rules)) {
    if (const std::string* text = embedded_file("rules/" + game + "/" + rules + ".yaml"))
      return {*text, "rule set '" + rules + "'", ""};
    std::string known;
    for (const auto& n : shipped_rule_names(game)) known += (known.empty() ? "" : ", ") + n;
    throw GameError("unknown rule set '" + rules + "' for game " + game + " (shipped: " + known +
                    "; or give a path to a .yaml file)");
  }
  // Beside the file that names it first, then from the current folder, as
  // run configs (core/named_file.h): a rule file's meaning must not depend on
  // where the command is run from.
  const std::string found = find_named_file(rules, from, "", SelfReference::kFind);
  const std::string path = found.empty() ? rules : found;
  // Not a regular file (a folder, /dev/zero, a FIFO): refused at once, by
  // the name the user gave.
  if (const std::string problem = input_file_problem(path); !problem.empty())
    throw GameError("cannot read rule file '" + quoted_excerpt(rules, 200) + "': it " + problem);
  return {read_input_file(path, "rule file"), "rule file '" + path + "'", path};
}

// The text of a scalar node; anything else (a list, a mapping, nothing) is
// an error naming `what`.
std::string scalar_text(const YAML::Node& node, const RuleSource& src, const std::string& what) {
  if (!node.IsScalar()) throw GameError(src.origin + ": " + what + " must be a single value");
  return node.Scalar();
}

// The keys of a mapping, in order (load_yaml_input refused a key given
// twice); a key that is not a single value is an error naming `what`.
std::vector<std::string> mapping_keys(const YAML::Node& map, const RuleSource& src,
                                      const std::string& what) {
  std::vector<std::string> keys;
  for (const auto& kv : map) {
    if (!kv.first.IsScalar())
      throw GameError(src.origin + ": a key of " + what + " must be a single value, not '" +
                      quoted_excerpt(YAML::Dump(kv.first)) + "'");
    keys.push_back(kv.first.Scalar());
  }
  return keys;
}

void apply_rule_source(const OptionSchema& schema, RuleOptions& options, const RuleSource& src,
                       InheritanceChain chain) {
  chain.enter(src.origin, src.path.empty() ? src.origin : source_identity(src.path));
  // Refuses bad YAML, deep nesting and a key given twice, by name.
  const YAML::Node root = load_yaml_input(src.text, src.origin);
  if (!root.IsMap()) throw GameError(src.origin + ": expected a mapping at the top level");
  for (const auto& key : mapping_keys(root, src, "the file")) {
    if (key != "inherits" && key != "description" && key != "options" && key != "game")
      throw GameError(src.origin + ": unknown key '" + key +
                      "' (allowed: game, inherits, description, options)");
  }
  if (root["game"]) {
    const std::string game = scalar_text(root["game"], src, "'game'");
    if (game != schema.game())
      throw GameError(src.origin + ": is for game '" + game + "', not " + schema.game());
  }
  if (root["inherits"]) {
    const std::string parent = scalar_text(root["inherits"], src, "'inherits'");
    apply_rule_source(schema, options, find_rule_source(schema.game(), parent, src.path), chain);
  }
  if (const YAML::Node opts = root["options"]) {
    if (!opts.IsMap()) throw GameError(src.origin + ": 'options' must be a mapping");
    mapping_keys(opts, src, "'options'");
    for (const auto& kv : opts) {
      const std::string& key = kv.first.Scalar();
      const std::string value = scalar_text(kv.second, src, "option '" + key + "'");
      try {
        schema.set(options, key, value);
      } catch (const GameError& e) {
        throw GameError(src.origin + ": " + e.what());
      }
    }
  }
}

}  // namespace

void apply_rule_set(const OptionSchema& schema, const std::string& rules, RuleOptions& options) {
  apply_rule_source(schema, options, find_rule_source(schema.game(), rules, ""), {});
}

RuleOptions rule_options_from_text(const OptionSchema& schema, const std::string& text,
                                   const std::string& origin) {
  RuleOptions options = schema.defaults();
  options.label_ = origin;
  apply_rule_source(schema, options, RuleSource{text, origin, ""}, {});
  return options;
}

std::vector<std::string> shipped_rule_names(const std::string& game) {
  std::vector<std::string> names;
  const std::string prefix = "rules/" + game + "/";
  for (const auto& path : embedded_file_paths()) {
    if (path.rfind(prefix, 0) != 0) continue;
    std::string rest = path.substr(prefix.size());
    if (rest.size() > 5 && rest.substr(rest.size() - 5) == ".yaml")
      names.push_back(rest.substr(0, rest.size() - 5));
  }
  // Sorted by name (the paths sort "a-b.yaml" before "a.yaml").
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace inchzero
