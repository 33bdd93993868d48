// Which of the three games a position is played under. Plain FIDE chess is
// Inchworm Chess with `inchworm: false`; Long Worm Chess adds half pieces.
#pragma once

namespace inchzero::chess {

struct Variant {
  bool inchworm = true;    // every move of a whole piece is a stretch, then a consolidation
  bool long_worm = false;  // capturing one half of a stretched piece leaves a half piece
};

constexpr Variant kFide{false, false};
constexpr Variant kInchworm{true, false};
constexpr Variant kLongWorm{true, true};

}  // namespace inchzero::chess
