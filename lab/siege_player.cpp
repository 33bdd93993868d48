#include "lab/siege_player.h"

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/captures.h"

namespace inchzero::lab {
namespace {

// What one side's groups offer the other in `pos`: their liberties in all,
// their pieces, and their pieces in groups short of liberties — a group with at most one
// liberty counts its pieces in full (one drop captures it), with two at half
// (one distribution of height 3 can fill both; two drops in a row can).
struct Exposure {
  int liberties = 0;
  int pieces = 0;
  double pieces_short = 0;
};

Exposure exposure(const inchworm::Position& pos, int player, const inchworm::Geometry& geo,
                  const inchworm::Bits& liberties) {
  Exposure e;
  e.liberties = (geo.orth_spread(pos.stacks(player)) & liberties).count();
  for (const inchworm::Bits& group : inchworm::groups_of(pos, player, geo)) {
    int pieces = 0;
    inchworm::for_each_cell(group, [&](int c) { pieces += pos.height(c); });
    e.pieces += pieces;
    const int own = (geo.orth_spread(group) & liberties).count();
    if (own <= 2) e.pieces_short += own <= 1 ? pieces : 0.5 * pieces;
  }
  return e;
}

}  // namespace

double siege_pressure(const inchworm::InchwormState& state, int player) {
  const inchworm::Position& pos = state.position();
  const inchworm::Geometry& geo = state.geometry();
  const inchworm::Rules& rules = state.rules();
  Exposure side[2];
  for (int p = 0; p < 2; ++p) {
    side[p] = exposure(pos, p, geo, inchworm::liberty_cells(pos, p, geo, rules));
  }
  const int other = 1 - player;
  const int pieces = side[0].pieces + side[1].pieces;
  // Each term strictly within ±0.25.
  const double liberties =
      (side[player].liberties - side[other].liberties) / (4.0 * (geo.num_cells() + 1));
  const double short_of_liberties =
      (side[other].pieces_short - side[player].pieces_short) / (4.0 * (pieces + 1));
  return liberties + short_of_liberties;
}

}  // namespace inchzero::lab
