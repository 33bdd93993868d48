#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero::steere {

const OptionSchema& schema() {
  static const OptionSchema kSchema("steere-inchworm", [] {
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

}  // namespace inchzero::steere
