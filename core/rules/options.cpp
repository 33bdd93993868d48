#include "core/rules/options.h"

#include <algorithm>
#include <sstream>

#include "core/game.h"
#include "core/quoted_text.h"

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

RuleOptions load_rule_options(const OptionSchema& schema, const std::string& rules,
                              const std::vector<std::string>& overrides) {
  RuleOptions options = schema.defaults();
  options.label_ = rules.empty() ? "default" : rules;
  if (!rules.empty()) apply_rule_set(schema, rules, options);
  for (const auto& o : overrides) {
    schema.set_assignment(options, o);
    options.label_ += "+" + o;
  }
  return options;
}

}  // namespace inchzero
