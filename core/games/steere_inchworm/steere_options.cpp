#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero::steere {

const OptionSchema& schema() {
  static const OptionSchema kSchema = option_schema_of<Rules>("steere-inchworm");
  return kSchema;
}

Rules Rules::from_options(const RuleOptions& options) { return rules_from_options<Rules>(options); }

}  // namespace inchzero::steere
