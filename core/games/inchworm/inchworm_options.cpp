#include "core/games/inchworm/inchworm.h"
#include "core/games/inchworm/rules.h"

namespace inchzero::inchworm {

const OptionSchema& schema() {
  static const OptionSchema kSchema = option_schema_of<Rules>("inchworm");
  return kSchema;
}

}  // namespace inchzero::inchworm
