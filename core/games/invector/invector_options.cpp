#include "core/games/invector/invector.h"

namespace inchzero::invector {

const OptionSchema& schema() {
  using S = OptionSpec;
  static const OptionSchema kSchema(
      "invector",
      {
          S::Int("width", 8, 3, 16,
                 "board width (files a…); exactly one of width and height is even"),
          S::Int("height", 7, 3, 16,
                 "board height (ranks 1…); exactly one of width and height is even"),
          S::Bool("pie", true,
                  "pie rule: on White's first turn White may `swap` instead of moving"),
          S::Int("max_plies", 0, 0, 1000000,
                 "the game ends as a draw after this many plies (0 = off; the game always "
                 "ends anyway)"),
      });
  return kSchema;
}

}  // namespace inchzero::invector
