#include "lab/rule_sweep.h"

#include "core/game.h"
#include "core/games/inchworm/inchworm.h"
#include "lab/lab_config.h"

namespace inchzero::lab {
namespace {

// The swept option of `sweep` and its values ("" when none); throws when
// more than one option is swept.
std::pair<std::string, std::vector<int>> swept_option(const RuleSweep& sweep,
                                                      const std::string& where) {
  std::pair<std::string, std::vector<int>> found;
  RuleSweep::visit_fields(sweep, [&](const char* name, const std::vector<int>& values, auto&&...) {
    if (values.empty()) return;
    if (!found.first.empty()) {
      throw GameError(where + ": sweep one option per entry (found " + found.first + " and " +
                      name + "); list another entry for the other");
    }
    found = {name, values};
  });
  return found;
}

}  // namespace

void expand_sweeps(std::vector<RuleSetEntry>& entries, const std::string& where) {
  std::vector<RuleSetEntry> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    const RuleSetEntry& entry = entries[i];
    const std::string at = where + "rule_sets[" + std::to_string(i) + "].sweep";
    const auto [option, values] = swept_option(entry.sweep, at);
    if (option.empty()) {
      out.push_back(entry);
      continue;
    }
    for (int value : values) {
      const std::string text = std::to_string(value);
      RuleOptions check = inchworm::schema().defaults();
      try {
        inchworm::schema().set(check, option, text);
      } catch (const GameError& e) {
        throw GameError(at + "." + option + ": " + e.what());
      }
      RuleSetEntry one = entry;
      one.sweep = RuleSweep{};
      one.name = entry.name + "=" + text;
      one.rules = entry.rules.empty() ? entry.name : entry.rules;
      one.swept = option + "=" + text;
      one.set.push_back(one.swept);
      out.push_back(one);
    }
  }
  entries = out;
}

}  // namespace inchzero::lab
