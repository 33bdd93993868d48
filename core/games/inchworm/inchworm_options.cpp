#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

const OptionSchema& schema() {
  static const OptionSchema kSchema("inchworm", [] {
    Rules rules;
    return rule_option_specs([&](auto& v) { Rules::visit(rules, v); });
  }());
  return kSchema;
}

}  // namespace inchzero::inchworm
