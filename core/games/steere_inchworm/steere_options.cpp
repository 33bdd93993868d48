#include "core/games/steere_inchworm/steere_inchworm.h"

namespace inchzero::steere {

const OptionSchema& schema() {
  using S = OptionSpec;
  static const OptionSchema kSchema(
      "steere-inchworm",
      {
          S::Int("width", 6, 3, 16, "board width (files a…)"),
          S::Int("height", 7, 3, 16, "board height (ranks 1…)"),
          S::Int("max_plies", 1000, 0, 1000000,
                 "a game still running after this many plies (passes count) is a draw, end "
                 "reason `cap` (0 = off)"),
      });
  return kSchema;
}

}  // namespace inchzero::steere
