// One declaration per rule option. A game's rules struct lists each option
// once, in a `visit` function template that binds it to a field:
//
//   template <typename V>
//   static void visit(Rules& r, V& v) {
//     v.integer("width", r.width, 8, 3, 16, "board width (files a…)");
//     v.flag("menke", r.menke, false, "the adopted rule: …");
//     v.choice("topology", r.topology, {{"flat", Topology::kFlat}, …}, "…");
//   }
//
// and everything else derives from that line: the game's OptionSchema (name,
// kind, default, range and documentation, in declaration order), the
// struct's default values and its reading from RuleOptions. So adding a rule
// option touches one place (as the run settings' visit_fields,
// core/config_fields.h, do for configs). A choice's default is its first
// value; its field may be any type (an enum, or a bool for draw / score).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/options.h"

namespace inchzero {

// One value of a choice option: its text in rule files and its field value.
template <typename T>
struct ChoiceOf {
  const char* text;
  T value;
};

namespace rule_fields {

// Collects the OptionSpec of every declaration, in order.
struct SpecCollector {
  std::vector<OptionSpec> specs;
  void integer(const char* name, int&, int64_t def, int64_t min, int64_t max, const char* doc) {
    specs.push_back(OptionSpec::Int(name, def, min, max, doc));
  }
  void flag(const char* name, bool&, bool def, const char* doc) {
    specs.push_back(OptionSpec::Bool(name, def, doc));
  }
  template <typename T>
  void choice(const char* name, T&, std::initializer_list<ChoiceOf<T>> values, const char* doc) {
    std::vector<std::string> texts;
    for (const ChoiceOf<T>& c : values) texts.emplace_back(c.text);
    specs.push_back(OptionSpec::Choice(name, std::move(texts), doc));
  }
};

// Sets every field to its declared default.
struct DefaultSetter {
  void integer(const char*, int& field, int64_t def, int64_t, int64_t, const char*) {
    field = static_cast<int>(def);
  }
  void flag(const char*, bool& field, bool def, const char*) { field = def; }
  template <typename T>
  void choice(const char*, T& field, std::initializer_list<ChoiceOf<T>> values, const char*) {
    field = values.begin()->value;
  }
};

// Sets every field from `options` (which must come from the same declarations).
struct Reader {
  const RuleOptions& options;
  void integer(const char* name, int& field, int64_t, int64_t, int64_t, const char*) {
    field = static_cast<int>(options.get_int(name));
  }
  void flag(const char* name, bool& field, bool, const char*) { field = options.get_bool(name); }
  template <typename T>
  void choice(const char* name, T& field, std::initializer_list<ChoiceOf<T>> values, const char*) {
    const std::string& text = options.get_choice(name);
    for (const ChoiceOf<T>& c : values)
      if (text == c.text) field = c.value;
  }
};

}  // namespace rule_fields

// `visit(visitor)` calls the rules struct's visit with `visitor`, e.g.
// [&](auto& v) { Rules::visit(rules, v); }.
template <typename Visit>
std::vector<OptionSpec> rule_option_specs(Visit visit) {
  rule_fields::SpecCollector collector;
  visit(collector);
  return std::move(collector.specs);
}
template <typename Visit>
void set_rule_defaults(Visit visit) {
  rule_fields::DefaultSetter setter;
  visit(setter);
}
template <typename Visit>
void read_rule_options(const RuleOptions& options, Visit visit) {
  rule_fields::Reader reader{options};
  visit(reader);
}

// The two shapes every game whose rules struct has the plain
// `static void visit(Rules&, V&)` writes (inchworm, invector, steere; the
// chess games' visit takes their variant too): the game's schema, made once
// as a function-local static,
//     static const OptionSchema kSchema = option_schema_of<Rules>("invector");
// and the struct read from options of that schema, its other fields at
// their defaults.
template <typename Rules>
OptionSchema option_schema_of(std::string game) {
  Rules rules;
  return OptionSchema(std::move(game), rule_option_specs([&](auto& v) { Rules::visit(rules, v); }));
}
template <typename Rules>
Rules rules_from_options(const RuleOptions& options) {
  Rules rules;
  read_rule_options(options, [&](auto& v) { Rules::visit(rules, v); });
  return rules;
}

}  // namespace inchzero
