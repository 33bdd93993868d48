#include "core/games/inchworm/move_cursor.h"

namespace inchzero::inchworm {

bool advance_move(Position& pos, MoveCursor& cursor, Action action, const Geometry& geo,
                  const ActionLayout& layout) {
  const int me = pos.to_move(), opp = 1 - me;
  const int c = layout.has_cell(action) ? layout.cell(action) : -1;
  switch (layout.kind(action)) {
    case ActionKind::kDrop:
      pos.set_stock(me, pos.stock(me) - 1);
      pos.set_stack(c, me, pos.height(c) + 1);
      return true;
    case ActionKind::kPrisonerDrop:
      pos.set_prisoners(me, pos.prisoners(me) - 1);
      pos.set_stack(c, opp, 1);
      return true;
    case ActionKind::kRescue:
      pos.set_stock(me, pos.stock(me) + pos.prisoners(opp));
      pos.set_prisoners(opp, 0);
      return true;
    case ActionKind::kPass:
      return true;
    case ActionKind::kEndCollect:
      cursor = MoveCursor{};
      return true;
    case ActionKind::kCollectFrom:
      cursor = MoveCursor{MoveKind::kCollect, c, -1, 0};
      return false;
    case ActionKind::kDistributeFrom:
      cursor = MoveCursor{MoveKind::kDistribute, c, -1, pos.height(c) - 1};
      pos.set_stack(c, me, 1);
      return false;
    case ActionKind::kTo:
      break;
  }
  if (cursor.kind == MoveKind::kDistribute) {
    pos.set_stack(c, me, 1);
    cursor.last = c;
    if (--cursor.pieces_left > 0) return false;
    cursor = MoveCursor{};
    return true;
  }
  // Collect: fix the direction on the first step, then move the collected
  // stack onto the new square.
  if (cursor.direction < 0)
    for (int d = 0; d < kNumDirections; ++d)
      if (geo.step(cursor.last, d) == c) cursor.direction = d;
  pos.set_stack(c, me, pos.height(c) + pos.height(cursor.last));
  pos.clear(cursor.last);
  cursor.last = c;
  const int next = geo.step(c, cursor.direction);
  if (next >= 0 && pos.owner(next) == me) return false;
  cursor = MoveCursor{};
  return true;
}

}  // namespace inchzero::inchworm
