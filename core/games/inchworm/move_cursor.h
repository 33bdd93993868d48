// The board effect of single decisions: one place where a decision changes
// the position, used both by the real state and by the look-ahead that tests
// whether a partial move can still be completed legally.
#pragma once

#include "core/games/inchworm/actions.h"
#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/position.h"

namespace inchzero::inchworm {

enum class MoveKind : uint8_t { kNone, kCollect, kDistribute };

// Where a full move stands between decisions.
struct MoveCursor {
  MoveKind kind = MoveKind::kNone;
  int last = -1;        // square named last (collect: where the stack now is)
  int direction = -1;   // collect line direction once fixed
  int pieces_left = 0;  // distribution: pieces still in hand
};

// Apply one legal decision of the side to move to `pos` (not changing the
// side to move). Returns true when it completes the full move.
bool advance_move(Position& pos, MoveCursor& cursor, Action action, const Geometry& geo,
                  const ActionLayout& layout);

}  // namespace inchzero::inchworm
