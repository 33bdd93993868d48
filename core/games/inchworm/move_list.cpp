// InchwormState::legal_moves: every legal full move, enumerated directly
// (faster than walking the decision tree; the shared game suite checks that
// both agree).
#include "core/games/inchworm/inchworm_state.h"
#include "core/games/inchworm/limits.h"
#include "core/games/inchworm/paths.h"

namespace inchzero::inchworm {

std::vector<Move> InchwormState::legal_moves() const {
  std::vector<Move> moves;
  if (is_terminal() || in_compound_move()) return moves;
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const Rules& r = rules();
  const bool restricted = r.restricts_moves();
  const int me = pos_.to_move(), opp = 1 - me;
  const Bits own = pos_.stacks(me);
  const Bits empty = geo.all_cells().minus(pos_.occupied());
  // Under the group limits a full move is kept only if legal.
  auto add = [&](Move move) {
    if (restricted) {
      Position scratch = pos_;
      MoveCursor cursor;
      for (Action a : move) advance_move(scratch, cursor, a, geo, layout);
      if (!limits_hold(scratch)) return;
    }
    moves.push_back(std::move(move));
  };
  // 1. Drops and prisoner drops.
  if (pos_.stock(me) > 0) for_each_cell(empty | own, [&](int c) { add({layout.drop(c)}); });
  if (r.drop_prisoners && pos_.prisoners(me) > 0)
    for_each_cell(empty, [&](int c) { add({layout.prisoner_drop(c)}); });
  // 2. Collects: from every own stack in every direction, each length >= 2
  //    while own stacks continue (a wrapped line stops before its start).
  for_each_cell(own, [&](int s) {
    for (int d = 0; d < kNumDirections; ++d) {
      Move line{layout.collect_from(s)};
      for (int cur = geo.step(s, d); cur >= 0 && cur != s && own.test(cur);
           cur = geo.step(cur, d)) {
        line.push_back(layout.to(cur));
        const int next = geo.step(cur, d);
        const bool can_go_on = next >= 0 && next != s && own.test(next);
        Move move = line;
        if (can_go_on) move.push_back(layout.end_collect());
        add(std::move(move));
      }
    }
  });
  // 3. Distributions: every king path of the stack's height.
  const int num_empty = empty.count();
  for_each_cell(own, [&](int s) {
    const int h = pos_.height(s);
    if (h < 2 || h - 1 > num_empty) return;
    Bits free = empty;
    uint8_t path[kMaxCells];
    auto emit = [&](const uint8_t* p, int n) {
      Move move{layout.distribute_from(s)};
      for (int i = 0; i < n; ++i) move.push_back(layout.to(p[i]));
      moves.push_back(std::move(move));
      return true;
    };
    if (!restricted) {
      for_each_king_path(geo, free, s, h - 1, path, 0, emit);
      return;
    }
    // Under the group limits: only the legal paths, the search pruned where
    // no completion can be legal (limits.h).
    Position scratch = pos_;
    scratch.set_stack(s, me, 1);
    for_each_legal_distribution(scratch, free, s, h - 1, path, 0, geo, r, emit);
  });
  // 4. Rescue, and pass only when nothing else is legal.
  if (pos_.prisoners(opp) > 0) add({layout.rescue()});
  if (moves.empty()) moves.push_back({layout.pass()});
  return moves;
}

}  // namespace inchzero::inchworm
