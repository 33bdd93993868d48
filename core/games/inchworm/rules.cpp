#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

Rules::Rules() {
  set_rule_defaults([&](auto& v) { visit(*this, v); });
  derive();
}

Rules Rules::from_options(const RuleOptions& options) {
  Rules r = rules_from_options<Rules>(options);
  r.derive();
  return r;
}

void Rules::derive() {
  start_stock[0] = stock_red >= 0 ? stock_red : stock;
  start_stock[1] = stock_blue >= 0 ? stock_blue : stock;
}

}  // namespace inchzero::inchworm
