// Rule options as data (in the spirit of Fairy-Stockfish's variants.ini).
//
// Each game declares its options ONCE in an OptionSchema: name, kind, default,
// range and a line of documentation. Rule files (YAML, with `inherits:`) and
// `--set key=value` overrides are checked against that schema, so an unknown
// key or an out-of-range value is an error that names it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace inchzero {

class OptionSchema;
class RuleOptions;
RuleOptions load_rule_options(const OptionSchema& schema, const std::string& rules,
                              const std::vector<std::string>& overrides);

struct OptionSpec {
  enum class Kind { Int, Bool, Choice };
  std::string name;
  Kind kind = Kind::Int;
  int64_t default_int = 0;           // Int and Bool (0/1)
  int64_t min = 0, max = 0;          // Int only, inclusive
  std::vector<std::string> choices;  // Choice only; default is choices[default_int]
  std::string doc;

  static OptionSpec Int(std::string name, int64_t def, int64_t min, int64_t max, std::string doc);
  static OptionSpec Bool(std::string name, bool def, std::string doc);
  static OptionSpec Choice(std::string name, std::vector<std::string> choices, std::string doc);
};

// Effective values of a game's options. Values are stored as integers; a
// Choice stores the index into its choices.
class RuleOptions {
 public:
  int64_t get_int(const std::string& name) const;
  bool get_bool(const std::string& name) const { return get_int(name) != 0; }
  const std::string& get_choice(const std::string& name) const;

  // Name of the rule set these values came from ("original", a file path, …)
  // followed by any overrides, e.g. "menke+max_plies=200".
  const std::string& label() const { return label_; }
  // Every option as "key: value" lines, in schema order (for records/logs).
  std::string to_yaml() const;
  // Options that differ from the defaults, "k=v,k=v" (empty if none).
  std::string non_defaults() const;
  // How the rules in `recorded_yaml` (a to_yaml() text, possibly written by an
  // older inchzero) play differently from these: "" when they play the same
  // game, else e.g. "max_plies (record: 400, run: 1000)". The comparison is of
  // behaviour, not of text: an option the text lacks takes its default,
  // because an option is added to inchzero with the old behaviour as its
  // default; an option these rules do not know, or a value they cannot read,
  // is a difference. So adding an option does not orphan old records.
  std::string difference_from(const std::string& recorded_yaml) const;

 private:
  friend class OptionSchema;
  friend RuleOptions load_rule_options(const OptionSchema&, const std::string&,
                                       const std::vector<std::string>&);
  friend RuleOptions rule_options_from_text(const OptionSchema&, const std::string&,
                                            const std::string&);
  const class OptionSchema* schema_ = nullptr;
  std::map<std::string, int64_t> values_;
  std::string label_;
};

class OptionSchema {
 public:
  OptionSchema(std::string game, std::vector<OptionSpec> specs);

  const std::string& game() const { return game_; }
  const std::vector<OptionSpec>& specs() const { return specs_; }
  const OptionSpec* find(const std::string& name) const;

  RuleOptions defaults() const;
  // Set one option from its text form; throws GameError naming the key and
  // the accepted values when the key is unknown or the value bad.
  void set(RuleOptions& options, const std::string& key, const std::string& value) const;
  // Parse "key=value" (as given to --set).
  void set_assignment(RuleOptions& options, const std::string& assignment) const;
  // Text form of a stored value.
  std::string format(const OptionSpec& spec, int64_t value) const;
  // Every option at its default, then the "key: value" lines of `yaml`
  // (a RuleOptions::to_yaml() text) that name known options with readable
  // values; the others are listed in `unreadable` as "key: value".
  RuleOptions from_recorded_yaml(const std::string& yaml,
                                 std::vector<std::string>* unreadable) const;
  // A markdown table of every option (for `inchzero rules --list` and docs).
  std::string describe() const;

 private:
  std::string game_;
  std::vector<OptionSpec> specs_;
};

// Rule sets by name or file. apply_rule_set, rule_options_from_text and
// shipped_rule_names are defined in rule_files.cpp (YAML) in the native
// build; the WebAssembly build (wasm/rule_table.cpp) defines them over a table
// of rule sets resolved by rule_files.cpp, since it has no YAML reader.

// Set `options` to the values of the rule set `rules` (a shipped name or,
// natively, a path). Throws GameError naming an unknown set or a bad value.
void apply_rule_set(const OptionSchema& schema, const std::string& rules, RuleOptions& options);

// Resolve a rule set: `rules` is either the name of a rule file shipped for
// the game (configs/rules/<game>/<name>.yaml, embedded in the binary) or a
// path to a YAML file. Rule files look like
//     inherits: original       # optional, a shipped name or a relative path
//     description: "..."       # optional
//     options: { topology: torus, max_plies: 400 }
// Unknown top-level keys, unknown options, a key given twice and a value that
// is not a single scalar are errors naming them. `overrides` are
// "key=value" strings applied last. An empty `rules` means the defaults.
RuleOptions load_rule_options(const OptionSchema& schema, const std::string& rules,
                              const std::vector<std::string>& overrides = {});

// load_rule_options for the text of a rule file (`origin` names it in
// messages, e.g. "rule file 'x.yaml'"); `inherits` names a shipped rule set or
// a path relative to the current directory. The label is `origin`.
RuleOptions rule_options_from_text(const OptionSchema& schema, const std::string& text,
                                   const std::string& origin);

// Names of the rule files shipped for a game, sorted.
std::vector<std::string> shipped_rule_names(const std::string& game);

}  // namespace inchzero
