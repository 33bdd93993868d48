#include "core/games/invector/invector.h"

namespace inchzero::invector {

const OptionSchema& schema() {
  static const OptionSchema kSchema = option_schema_of<Rules>("invector");
  return kSchema;
}

Rules Rules::from_options(const RuleOptions& options) { return rules_from_options<Rules>(options); }

}  // namespace inchzero::invector
