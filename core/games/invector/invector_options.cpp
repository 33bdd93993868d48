#include "core/games/invector/invector.h"

namespace inchzero::invector {

const OptionSchema& schema() {
  static const OptionSchema kSchema("invector", [] {
    Rules rules;
    return rule_option_specs([&](auto& v) { Rules::visit(rules, v); });
  }());
  return kSchema;
}

Rules Rules::from_options(const RuleOptions& options) {
  Rules r;
  read_rule_options(options, [&](auto& v) { visit(r, v); });
  return r;
}

}  // namespace inchzero::invector
