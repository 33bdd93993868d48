// A parameter sweep of one lab rule set (issue 18, part 8): an entry of
// `rule_sets` with `sweep: {OPTION: [v1, v2, …]}` stands for one rule set
// per value, named "<name>=<value>" (e.g. no-capture-limit=60), each with
// `OPTION=value` added to its `set:` overrides. The sweepable options are
// the numeric parameters of the fixes (RULINGS.md option names), declared
// once in visit_fields; the values are checked against the rule schema.
#pragma once

#include <string>
#include <vector>

#include "core/config_fields.h"

namespace inchzero::lab {

struct RuleSetEntry;

struct RuleSweep {
  std::vector<int> no_capture_limit;
  std::vector<int> no_capture_limit_per_piece;
  std::vector<int> eye_max_size;
  std::vector<int> max_eyes_per_group;
  std::vector<int> max_edges_per_group;

  // Each sweepable option once; its accepted values are the rule schema's
  // (`inchzero rules`), checked by expand_sweeps.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("no_capture_limit", c.no_capture_limit, "values of no_capture_limit (plies)");
    v("no_capture_limit_per_piece", c.no_capture_limit_per_piece,
      "values of no_capture_limit_per_piece");
    v("eye_max_size", c.eye_max_size, "values of eye_max_size (0 = unlimited)");
    v("max_eyes_per_group", c.max_eyes_per_group, "values of max_eyes_per_group");
    v("max_edges_per_group", c.max_edges_per_group, "values of max_edges_per_group");
  }
};

// Replace every entry of `entries` that has a sweep by one entry per value,
// in place and in order: name "<name>=<value>", rules its `rules` (or its
// name when empty), set its `set` plus "OPTION=value" (also kept as `swept`), run its `run`.
// Throws GameError starting with `where` ("file: rule_sets[i].sweep") when
// an entry sweeps more than one option or a value is refused by the rules.
void expand_sweeps(std::vector<RuleSetEntry>& entries, const std::string& where);

}  // namespace inchzero::lab
