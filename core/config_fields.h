// Configuration structs whose fields are declared ONCE.
//
// A config struct lists its fields in one static member template (`Self` is
// the struct, const or not); each entry is name, member, meaning and,
// optionally, what values it accepts:
//     template <class Self, class V> static void visit_fields(Self& c, V&& v) {
//       v("batch_size", c.batch_size, "samples per step", Range{1, kNoLimit});
//       v("optimizer", c.optimizer, "adamw or sgd", Choices{"adamw", "sgd"});
//       v("search", c.search, "the search settings");  // a nested config struct
//     }
// Every reader, writer and check below walks that list, so adding a field is
// one line: YAML and JSON in (unknown keys are errors naming them), range and
// choice checks, JSON out and the documentation table all follow. Errors name
// the full key: "config key 'trainer.batch_size': 0 is outside [1, inf)".
// Checks between fields stay hand-written beside the struct, after these.
//
// Field types: bool, int, int64_t, uint64_t, double, std::string,
// std::vector<std::string>, lists of numbers (a Range checks each element),
// named settings (a type that reads as a word, e.g. Precision and Device in
// model/: core/setting_words.h), nested config structs, and lists of nested config structs
// (std::vector<Struct>: a YAML sequence of maps, each read from a
// default-constructed element; keys "list[i].field", doc rows "list[].field").
// Used by the run config (train/run_config.h) and the lab config
// (lab/lab_config.h).
#pragma once

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/setting_words.h"
#include "core/utf8.h"

namespace inchzero {

// No bound on that side of a Range.
inline constexpr double kNoLimit = std::numeric_limits<double>::infinity();

// The numbers a field accepts: lo..hi, each end included unless `ends` opens
// it ("(0, 10)" excludes both). Written "[1, inf)" in messages and docs.
struct Range {
  enum Ends { kClosed, kOpenLow, kOpenHigh, kOpen };
  double lo = -kNoLimit;
  double hi = kNoLimit;
  Ends ends = kClosed;

  bool contains(double v) const {
    const bool low_ok = (ends == kOpenLow || ends == kOpen) ? v > lo : v >= lo;
    const bool high_ok = (ends == kOpenHigh || ends == kOpen) ? v < hi : v <= hi;
    return low_ok && high_ok;  // NaN fails both
  }
  std::string describe() const;
};

// The texts a string field accepts.
struct Choices {
  std::vector<std::string> values;
  Choices(std::initializer_list<const char*> names) : values(names.begin(), names.end()) {}
  bool contains(const std::string& v) const {
    for (const auto& c : values)
      if (c == v) return true;
    return false;
  }
  std::string describe() const {
    std::string out;
    for (const auto& c : values) out += (out.empty() ? "" : ", ") + c;
    return out;
  }
};

// No check beyond the field's type.
struct AnyValue {};

namespace config_fields {

// A number as messages and docs write it: whole numbers without a decimal
// point or exponent (1000000, not 1e+06), others as the stream writes them.
inline std::string number_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  if (std::floor(v) == v && std::fabs(v) < 1e15) return std::to_string(static_cast<int64_t>(v));
  std::ostringstream out;
  out << v;
  return out.str();
}

// IsConfig<T>: T lists its fields (a nested config struct).
struct IgnoreFields {
  template <class... A>
  void operator()(A&&...) const {}
};
template <class T, class = void>
struct IsConfig : std::false_type {};
template <class T>
struct IsConfig<T, std::void_t<decltype(T::visit_fields(std::declval<T&>(), IgnoreFields{}))>>
    : std::true_type {};

// IsList<T>: T is a std::vector (Element: its element type).
template <class T>
struct IsList : std::false_type {};
template <class E>
struct IsList<std::vector<E>> : std::true_type {
  using Element = E;
};
// A list of nested config structs.
template <class T>
constexpr bool is_config_list() {
  if constexpr (IsList<T>::value)
    return IsConfig<typename IsList<T>::Element>::value;
  else
    return false;
}
// A list of numbers.
template <class T>
constexpr bool is_number_list() {
  if constexpr (IsList<T>::value)
    return std::is_arithmetic_v<typename IsList<T>::Element> &&
           !std::is_same_v<typename IsList<T>::Element, bool>;
  else
    return false;
}

// The key of element `i` of the list at `key`: "rule_sets[2]".
inline std::string element_key(const std::string& key, size_t i) {
  return key + "[" + std::to_string(i) + "]";
}

// Calls `f(name, value, doc, rule)` for each field, AnyValue where the entry
// names no rule.
template <class F>
struct WithRule {
  F& f;
  template <class T>
  void operator()(const char* name, T& value, const char* doc) const {
    f(name, value, doc, AnyValue{});
  }
  template <class T, class Rule>
  void operator()(const char* name, T& value, const char* doc, const Rule& rule) const {
    f(name, value, doc, rule);
  }
};
template <class Config, class F>
void visit(Config& config, F&& f) {
  std::decay_t<Config>::visit_fields(config, WithRule<F>{f});
}

// Whether T is a named setting: its header declares setting_words
// (core/setting_words.h), found by argument-dependent lookup.
template <class T, class = void>
struct IsNamedSetting : std::false_type {};
template <class T>
struct IsNamedSetting<T, std::void_t<decltype(setting_words(static_cast<const T*>(nullptr)))>>
    : std::true_type {};
template <class T>
constexpr bool is_named_setting() {
  return IsNamedSetting<T>::value;
}

inline std::string key_of(const std::string& where, const char* name) {
  return where.empty() ? name : where + "." + name;
}

template <class T>
const char* type_name() {
  if constexpr (std::is_same_v<T, bool>) return "a boolean";
  if constexpr (std::is_integral_v<T>) return "an integer";
  if constexpr (std::is_floating_point_v<T>) return "a number";
  if constexpr (std::is_same_v<T, std::string>) return "a string";
  if constexpr (is_named_setting<T>()) return setting_words(static_cast<const T*>(nullptr)).type_name;
  if constexpr (is_number_list<T>()) return "a list of numbers";
  if constexpr (is_config_list<T>()) return "a list of maps";
  return "a list of strings";
}

template <class T, class Rule>
void check(const T& value, const Rule& rule, const std::string& key) {
  // No setting means infinity or NaN: a run's config.yaml could not hold it
  // (JSON has no such number; it was written back as `~` and the run could
  // not be resumed), and in a computation it makes every loss non-finite.
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(value))
      throw GameError("config key '" + key + "': " + number_text(value) +
                      " is not a finite number");
  }
  if constexpr (is_number_list<T>()) {  // the rule holds for each element
    for (size_t i = 0; i < value.size(); ++i) check(value[i], rule, element_key(key, i));
  } else if constexpr (std::is_same_v<Rule, Range>) {
    static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>, "Range needs a number");
    if (!rule.contains(static_cast<double>(value))) {
      std::ostringstream text;
      if constexpr (std::is_integral_v<T>)
        text << value;
      else
        text << number_text(value);
      throw GameError("config key '" + key + "': " + text.str() + " is outside " + rule.describe());
    }
  } else if constexpr (std::is_same_v<Rule, Choices>) {
    static_assert(std::is_same_v<T, std::string>, "Choices need a string field");
    if (!rule.contains(value))
      throw GameError("config key '" + key + "': '" + value + "' is not one of " + rule.describe());
  }
}

// The values a field accepts, for the documentation table.
template <class T, class Rule>
std::string rule_text(const Rule& rule) {
  if constexpr (is_number_list<T>() && !std::is_same_v<Rule, AnyValue>)
    return "list, each " + rule.describe();
  if constexpr (!std::is_same_v<Rule, AnyValue>) return rule.describe();
  if constexpr (is_number_list<T>()) return "list of numbers";
  if constexpr (std::is_same_v<T, bool>) return "true, false";
  if constexpr (is_named_setting<T>()) return setting_words(static_cast<const T*>(nullptr)).accepted;
  if constexpr (std::is_same_v<T, std::vector<std::string>>) return "list of strings";
  return "any";
}

}  // namespace config_fields

inline std::string Range::describe() const {
  const bool open_low = ends == kOpenLow || ends == kOpen || std::isinf(lo);
  const bool open_high = ends == kOpenHigh || ends == kOpen || std::isinf(hi);
  return std::string(open_low ? "(" : "[") + config_fields::number_text(lo) + ", " +
         config_fields::number_text(hi) + (open_high ? ")" : "]");
}

// Check every field against its Range or Choices (nested structs too).
// `where` is the key prefix of messages ("trainer"); throws GameError naming
// the full key of the first bad value.
template <class Config>
void validate_config(const Config& config, const std::string& where) {
  config_fields::visit(config,
                       [&](const char* name, const auto& value, const char*, const auto& rule) {
                         using T = std::decay_t<decltype(value)>;
                         const std::string key = config_fields::key_of(where, name);
                         if constexpr (config_fields::IsConfig<T>::value)
                           validate_config(value, key);
                         else if constexpr (config_fields::is_config_list<T>())
                           for (size_t i = 0; i < value.size(); ++i)
                             validate_config(value[i], config_fields::element_key(key, i));
                         else
                           config_fields::check(value, rule, key);
                       });
}

// The struct's fields as a JSON object (nested structs as objects).
template <class Config>
nlohmann::json config_to_json(const Config& config) {
  nlohmann::json out = nlohmann::json::object();
  config_fields::visit(config, [&](const char* name, const auto& value, const char*, const auto&) {
    using T = std::decay_t<decltype(value)>;
    if constexpr (config_fields::IsConfig<T>::value) {
      out[name] = config_to_json(value);
    } else if constexpr (config_fields::is_config_list<T>()) {
      out[name] = nlohmann::json::array();
      for (const auto& element : value) out[name].push_back(config_to_json(element));
    } else {
      out[name] = value;
    }
  });
  return out;
}

namespace config_fields {

// The names of the struct's fields, in their order.
template <class Config>
std::vector<std::string> field_names(const Config& config) {
  std::vector<std::string> names;
  visit(config,
        [&](const char* name, const auto&, const char*, const auto&) { names.push_back(name); });
  return names;
}

// Throws GameError naming `where`.`key` unless `key` is one of `known`.
inline void require_known(const std::vector<std::string>& known, const std::string& key,
                          const std::string& where) {
  for (const auto& k : known)
    if (k == key) return;
  std::string names;
  for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
  throw GameError("config key '" + key_of(where, key.c_str()) + "' is unknown (known: " + names +
                  ")");
}

// Whether the JSON value `j` converts to the integer type T within its range.
// nlohmann converts a number outside it anyway: a float is undefined
// behaviour, an integer wraps (2^32 + 4 read as 4). Not a number: true, as
// the conversion refuses it itself.
template <class T>
bool integer_fits(const nlohmann::json& j) {
  using Limits = std::numeric_limits<T>;
  if (j.is_number_unsigned()) return j.get<uint64_t>() <= static_cast<uint64_t>(Limits::max());
  if (j.is_number_integer()) {
    const int64_t v = j.get<int64_t>();
    return v >= static_cast<int64_t>(Limits::min()) &&
           (v < 0 || static_cast<uint64_t>(v) <= static_cast<uint64_t>(Limits::max()));
  }
  if (j.is_number_float()) {
    const double v = j.get<double>();  // truncated by the conversion: one past each end fails
    return v > static_cast<double>(Limits::min()) - 1 && v < static_cast<double>(Limits::max()) + 1;
  }
  return true;
}

// Overwrite the fields named in `in` without checking values (others keep theirs).
template <class Config>
void read_json(Config& config, const nlohmann::json& in, const std::string& where) {
  if (!in.is_object())
    throw GameError("config '" + (where.empty() ? std::string("(top)") : where) +
                    "' must be a JSON object");
  // Unknown keys first: a misspelt key, not a bad value under it, is the news.
  const std::vector<std::string> known = field_names(config);
  for (const auto& item : in.items()) require_known(known, item.key(), where);
  visit(config, [&](const char* name, auto& value, const char*, const auto&) {
    const auto it = in.find(name);
    if (it == in.end()) return;
    using T = std::decay_t<decltype(value)>;
    if constexpr (IsConfig<T>::value) {
      read_json(value, *it, key_of(where, name));
    } else if constexpr (is_config_list<T>()) {
      // A list replaces the whole list; each element starts from its defaults.
      if (!it->is_array())
        throw GameError("config key '" + key_of(where, name) + "' must be a list");
      T read;
      for (size_t i = 0; i < it->size(); ++i)
        read_json(read.emplace_back(), (*it)[i], element_key(key_of(where, name), i));
      value = std::move(read);
    } else {
      try {
        if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
          if (!integer_fits<T>(*it)) throw std::range_error("outside the type's range");
        it->get_to(value);
      } catch (const std::exception&) {
        throw GameError("config key '" + key_of(where, name) + "': cannot read " + it->dump() +
                        " as " + type_name<T>());
      }
    }
  });
}

// A string read from YAML must be well-formed UTF-8 (core/utf8.h says why).
inline void require_utf8(const std::string& value, const std::string& key) {
  const size_t at = malformed_utf8_at(value);
  if (at != std::string::npos) {
    throw GameError("config key '" + key + "': not UTF-8 text (malformed byte " +
                    std::to_string(at + 1) + " of the value)");
  }
}

// Overwrite the fields named in the YAML map `node` without checking values.
template <class Config>
void read_yaml(Config& config, const YAML::Node& node, const std::string& where) {
  if (!node || node.IsNull()) return;
  if (!node.IsMap())
    throw GameError("config '" + (where.empty() ? std::string("(top)") : where) +
                    "' must be a map of key: value");
  const std::vector<std::string> known = field_names(config);
  for (const auto& item : node) require_known(known, item.first.as<std::string>(), where);
  visit(config, [&](const char* name, auto& value, const char*, const auto&) {
    const YAML::Node item = node[name];
    if (!item) return;
    using T = std::decay_t<decltype(value)>;
    const std::string key = key_of(where, name);
    if constexpr (IsConfig<T>::value) {
      read_yaml(value, item, key);
    } else if constexpr (is_config_list<T>()) {
      // A list replaces the whole list; each element starts from its defaults.
      if (!item.IsSequence()) throw GameError("config key '" + key + "' must be a list");
      T read;
      for (size_t i = 0; i < item.size(); ++i) {
        auto& element = read.emplace_back();
        const YAML::Node entry = item[i];
        if (!entry.IsMap())
          throw GameError("config key '" + element_key(key, i) + "' must be a map of key: value");
        read_yaml(element, entry, element_key(key, i));
      }
      value = std::move(read);
    } else if constexpr (is_named_setting<T>()) {
      try {
        value = parse_setting(item.as<std::string>(), value);
      } catch (const std::exception& e) {
        throw GameError("config key '" + key + "': " + e.what());
      }
    } else {
      try {
        // An empty value (`rules:`) is the empty string.
        if constexpr (std::is_same_v<T, std::string>)
          value = item.IsNull() ? std::string() : item.as<std::string>();
        else
          value = item.as<T>();
      } catch (const YAML::Exception&) {
        std::ostringstream text;
        text << item;
        throw GameError("config key '" + key + "': cannot read '" + text.str() + "' as " +
                        type_name<T>());
      }
      if constexpr (std::is_same_v<T, std::string>) {
        require_utf8(value, key);
      } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
        for (size_t i = 0; i < value.size(); ++i) require_utf8(value[i], element_key(key, i));
      }
    }
  });
}

template <class Config>
void doc_rows(const Config& config, const std::string& prefix, std::ostream& out) {
  visit(config, [&](const char* name, const auto& value, const char* doc, const auto& rule) {
    using T = std::decay_t<decltype(value)>;
    if constexpr (IsConfig<T>::value) {
      doc_rows(value, key_of(prefix, name), out);
    } else if constexpr (is_config_list<T>()) {  // an element's fields, their defaults
      doc_rows(typename IsList<T>::Element{}, key_of(prefix, name) + "[]", out);
    } else {
      std::string range = rule_text<T>(rule);
      std::string meaning = doc;
      for (std::string* text : {&range, &meaning})  // a | would end the cell
        for (size_t at = 0; (at = text->find('|', at)) != std::string::npos; at += 2)
          text->replace(at, 1, "\\|");
      out << "| `" << key_of(prefix, name) << "` | " << nlohmann::json(value).dump() << " | "
          << range << " | " << meaning << " |\n";
    }
  });
}

}  // namespace config_fields

// Overwrite the fields named in `in` (others keep their values), then check
// every field (validate_config). Throws GameError naming the full key
// (`where`.name) of an unknown key, a value of the wrong type or a bad value;
// `config` is then unchanged.
template <class Config>
void config_from_json(Config& config, const nlohmann::json& in, const std::string& where) {
  Config read = config;
  config_fields::read_json(read, in, where);
  validate_config(read, where);
  config = std::move(read);
}

// The same from a YAML map; an absent or null `node` changes nothing.
template <class Config>
void config_from_yaml(Config& config, const YAML::Node& node, const std::string& where) {
  Config read = config;
  config_fields::read_yaml(read, node, where);
  validate_config(read, where);
  config = std::move(read);
}

// Apply one "key=value" override as a command line gives it (`--param`,
// `--search`): dotted keys reach nested structs ("search.c_puct=2"); the value
// is read as YAML. Throws GameError like config_from_yaml.
template <class Config>
void config_set(Config& config, const std::string& assignment, const std::string& where) {
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw GameError("setting '" + assignment + "' is not key=value");
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
    throw GameError("setting '" + assignment + "': " + e.what());
  }
  config_from_yaml(config, root, where);
}

// Markdown rows "| `key` | default | accepted | meaning |" of every field of
// `config` (nested structs flattened to dotted keys), keys prefixed with
// `prefix` ("trainer"; empty: none), defaults taken from `config`.
template <class Config>
std::string config_doc_rows(const Config& config, const std::string& prefix) {
  std::ostringstream out;
  config_fields::doc_rows(config, prefix, out);
  return out.str();
}

// The header of the table config_doc_rows fills.
inline constexpr const char* kConfigDocHeader =
    "| key | default | accepted | meaning |\n|---|---|---|---|\n";

// A whole table: header and rows.
template <class Config>
std::string config_doc_table(const Config& config, const std::string& prefix = "") {
  return kConfigDocHeader + config_doc_rows(config, prefix);
}

}  // namespace inchzero
