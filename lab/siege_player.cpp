#include "lab/siege_player.h"

#include "core/games/inchworm/captures.h"

namespace inchzero::lab {

double siege_pressure(const inchworm::InchwormState& state, int player) {
  const inchworm::Position& pos = state.position();
  const inchworm::Geometry& geo = state.geometry();
  const inchworm::Rules& rules = state.rules();
  int liberties[2];
  for (int p = 0; p < 2; ++p) {
    const inchworm::Bits own = pos.stacks(p);
    liberties[p] = (geo.orth_spread(own) & inchworm::liberty_cells(pos, p, geo, rules)).count();
  }
  return (liberties[player] - liberties[1 - player]) / (2.0 * (geo.num_cells() + 1));
}

}  // namespace inchzero::lab
