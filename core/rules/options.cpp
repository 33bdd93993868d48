#include "core/rules/options.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/embedded_files.h"
#include "core/game.h"
#include "core/input_file.h"
#include "core/quoted_text.h"
#include "core/yaml_input.h"

namespace inchzero {

OptionSpec OptionSpec::Int(std::string name, int64_t def, int64_t min, int64_t max,
                           std::string doc) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = Kind::Int;
  s.default_int = def;
  s.min = min;
  s.max = max;
  s.doc = std::move(doc);
  return s;
}

OptionSpec OptionSpec::Bool(std::string name, bool def, std::string doc) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = Kind::Bool;
  s.default_int = def ? 1 : 0;
  s.min = 0;
  s.max = 1;
  s.doc = std::move(doc);
  return s;
}

OptionSpec OptionSpec::Choice(std::string name, std::vector<std::string> choices, std::string doc) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = Kind::Choice;
  s.default_int = 0;
  s.min = 0;
  s.max = static_cast<int64_t>(choices.size()) - 1;
  s.choices = std::move(choices);
  s.doc = std::move(doc);
  return s;
}

int64_t RuleOptions::get_int(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw GameError("internal: rule option '" + name + "' is not declared");
  return it->second;
}

const std::string& RuleOptions::get_choice(const std::string& name) const {
  const OptionSpec* spec = schema_ ? schema_->find(name) : nullptr;
  if (!spec || spec->kind != OptionSpec::Kind::Choice)
    throw GameError("internal: rule option '" + name + "' is not a choice");
  return spec->choices.at(static_cast<size_t>(get_int(name)));
}

std::string RuleOptions::to_yaml() const {
  std::ostringstream out;
  for (const auto& spec : schema_->specs())
    out << spec.name << ": " << schema_->format(spec, values_.at(spec.name)) << "\n";
  return out.str();
}

std::string RuleOptions::non_defaults() const {
  std::string out;
  for (const auto& spec : schema_->specs()) {
    int64_t v = values_.at(spec.name);
    if (v == spec.default_int) continue;
    if (!out.empty()) out += ",";
    out += spec.name + "=" + schema_->format(spec, v);
  }
  return out;
}

std::string RuleOptions::difference_from(const std::string& recorded_yaml) const {
  if (recorded_yaml == to_yaml()) return "";  // the common case, without parsing
  std::vector<std::string> unreadable;
  const RuleOptions recorded = schema_->from_recorded_yaml(recorded_yaml, &unreadable);
  std::string out;
  auto add = [&](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
  auto unreadable_key = [&](const std::string& name) {
    return std::any_of(unreadable.begin(), unreadable.end(),
                       [&](const std::string& line) { return line.rfind(name + ": ", 0) == 0; });
  };
  for (const auto& spec : schema_->specs()) {
    const int64_t mine = values_.at(spec.name), theirs = recorded.values_.at(spec.name);
    if (mine == theirs || unreadable_key(spec.name)) continue;  // the latter: named below
    add(spec.name + " (record: " + schema_->format(spec, theirs) +
        ", run: " + schema_->format(spec, mine) + ")");
  }
  for (const std::string& line : unreadable) add(line + " (unknown to these rules)");
  return out;
}

RuleOptions OptionSchema::from_recorded_yaml(const std::string& yaml,
                                             std::vector<std::string>* unreadable) const {
  RuleOptions options = defaults();
  std::istringstream in(yaml);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const size_t colon = line.find(": ");
    try {
      if (colon == std::string::npos) throw GameError("not 'key: value'");
      set(options, line.substr(0, colon), line.substr(colon + 2));
    } catch (const GameError&) {
      unreadable->push_back(line);
    }
  }
  return options;
}

OptionSchema::OptionSchema(std::string game, std::vector<OptionSpec> specs)
    : game_(std::move(game)), specs_(std::move(specs)) {}

const OptionSpec* OptionSchema::find(const std::string& name) const {
  for (const auto& s : specs_)
    if (s.name == name) return &s;
  return nullptr;
}

RuleOptions OptionSchema::defaults() const {
  RuleOptions o;
  o.schema_ = this;
  for (const auto& s : specs_) o.values_[s.name] = s.default_int;
  return o;
}

std::string OptionSchema::format(const OptionSpec& spec, int64_t value) const {
  switch (spec.kind) {
    case OptionSpec::Kind::Bool:
      return value ? "true" : "false";
    case OptionSpec::Kind::Choice:
      return spec.choices.at(static_cast<size_t>(value));
    case OptionSpec::Kind::Int:
      break;
  }
  return std::to_string(value);
}

static std::string accepted_values(const OptionSpec& spec) {
  switch (spec.kind) {
    case OptionSpec::Kind::Bool:
      return "true or false";
    case OptionSpec::Kind::Choice: {
      std::string s;
      for (const auto& c : spec.choices) s += (s.empty() ? "" : ", ") + c;
      return "one of " + s;
    }
    case OptionSpec::Kind::Int:
      break;
  }
  return "an integer from " + std::to_string(spec.min) + " to " + std::to_string(spec.max);
}

void OptionSchema::set(RuleOptions& options, const std::string& key,
                       const std::string& value) const {
  const OptionSpec* spec = find(key);
  if (!spec) {
    std::string known;
    for (const auto& s : specs_) known += (known.empty() ? "" : ", ") + s.name;
    throw GameError("unknown rule option '" + key + "' for game " + game_ +
                    " (known options: " + known + ")");
  }
  auto bad = [&]() {
    return GameError("bad value '" + value + "' for rule option '" + key + "': expected " +
                     accepted_values(*spec));
  };
  int64_t v = 0;
  switch (spec->kind) {
    case OptionSpec::Kind::Bool:
      if (value == "true" || value == "1" || value == "yes" || value == "on")
        v = 1;
      else if (value == "false" || value == "0" || value == "no" || value == "off")
        v = 0;
      else
        throw bad();
      break;
    case OptionSpec::Kind::Choice: {
      auto it = std::find(spec->choices.begin(), spec->choices.end(), value);
      if (it == spec->choices.end()) throw bad();
      v = it - spec->choices.begin();
      break;
    }
    case OptionSpec::Kind::Int: {
      size_t used = 0;
      try {
        v = std::stoll(value, &used);
      } catch (const std::exception&) {
        throw bad();
      }
      if (used != value.size() || v < spec->min || v > spec->max) throw bad();
      break;
    }
  }
  options.values_[key] = v;
}

void OptionSchema::set_assignment(RuleOptions& options, const std::string& assignment) const {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw GameError("bad --set '" + assignment + "': expected key=value");
  set(options, assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::string OptionSchema::describe() const {
  std::ostringstream out;
  out << "| option | values | default | meaning |\n|---|---|---|---|\n";
  for (const auto& s : specs_)
    out << "| `" << s.name << "` | " << accepted_values(s) << " | " << format(s, s.default_int)
        << " | " << s.doc << " |\n";
  return out.str();
}

namespace {

struct RuleSource {
  std::string text;
  std::string origin;         // for messages
  std::filesystem::path dir;  // for relative `inherits` of files on disk
};

bool is_path_like(const std::string& s) {
  auto ends_with = [&](const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  return s.find('/') != std::string::npos || ends_with(".yaml") || ends_with(".yml");
}

RuleSource find_rule_source(const std::string& game, const std::string& rules,
                            const std::filesystem::path& relative_to) {
  if (!is_path_like(rules)) {
    if (const std::string* text = embedded_file("rules/" + game + "/" + rules + ".yaml"))
      return {*text, "rule set '" + rules + "'", {}};
    std::string known;
    for (const auto& n : shipped_rule_names(game)) known += (known.empty() ? "" : ", ") + n;
    throw GameError("unknown rule set '" + rules + "' for game " + game + " (shipped: " + known +
                    "; or give a path to a .yaml file)");
  }
  // A relative parent is looked for beside the file that inherits it first,
  // then from the current folder, as run configs do (train/run_config.cpp):
  // a rule file's meaning must not depend on where the command is run from.
  std::filesystem::path p(rules);
  std::error_code ec;
  if (p.is_relative() && !relative_to.empty() &&
      (std::filesystem::exists(relative_to / p, ec) || !std::filesystem::exists(p, ec))) {
    p = relative_to / p;
  }
  // Not a regular file (a folder, /dev/zero, a FIFO): refused at once, by
  // the name the user gave.
  if (const std::string problem = input_file_problem(p.string()); !problem.empty())
    throw GameError("cannot read rule file '" + quoted_excerpt(rules, 200) + "': it " + problem);
  return {read_input_file(p.string(), "rule file"), "rule file '" + p.string() + "'",
          p.parent_path()};
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
                       std::set<std::string>& seen, int depth) {
  if (depth > 16) throw GameError(src.origin + ": inheritance chain too deep");
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
    if (!seen.insert(parent).second)
      throw GameError(src.origin + ": inheritance cycle through '" + parent + "'");
    apply_rule_source(schema, options, find_rule_source(schema.game(), parent, src.dir), seen,
                      depth + 1);
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

RuleOptions load_rule_options(const OptionSchema& schema, const std::string& rules,
                              const std::vector<std::string>& overrides) {
  RuleOptions options = schema.defaults();
  options.label_ = rules.empty() ? "default" : rules;
  if (!rules.empty()) {
    std::set<std::string> seen{rules};
    apply_rule_source(schema, options, find_rule_source(schema.game(), rules, {}), seen, 0);
  }
  for (const auto& o : overrides) {
    schema.set_assignment(options, o);
    options.label_ += "+" + o;
  }
  return options;
}

RuleOptions rule_options_from_text(const OptionSchema& schema, const std::string& text,
                                   const std::string& origin) {
  RuleOptions options = schema.defaults();
  options.label_ = origin;
  std::set<std::string> seen;
  apply_rule_source(schema, options, RuleSource{text, origin, {}}, seen, 0);
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
