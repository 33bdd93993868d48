#include "lab/siege_player.h"

#include <array>

#include "core/games/inchworm/captures.h"

namespace inchzero::lab {
namespace {

// One group of a side: its squares, pieces and liberties.
struct Group {
  inchworm::Bits cells;
  int pieces = 0;
  int liberties = 0;
};

// A side's groups, in a fixed array: the evaluation runs at every leaf of
// the siege search, where allocating them was a tenth of its time. A side
// has at most one group per two squares (groups do not touch).
struct Groups {
  std::array<Group, inchworm::kMaxCells / 2 + 1> at;
  int count = 0;
  const Group* begin() const { return at.data(); }
  const Group* end() const { return at.data() + count; }
};

void collect_groups(const inchworm::Position& pos, int player, const inchworm::Geometry& geo,
                    const inchworm::Bits& liberties, Groups& out) {
  out.count = 0;
  inchworm::Bits rest = pos.stacks(player);
  while (rest.any()) {
    Group& g = out.at[out.count++];
    g.cells = geo.flood(inchworm::Bits::single(rest.lowest()), rest);
    rest = rest.minus(g.cells);
    g.pieces = 0;
    inchworm::for_each_cell(g.cells, [&](int c) { g.pieces += pos.height(c); });
    g.liberties = (geo.orth_spread(g.cells) & liberties).count();
  }
}

// What one side's groups offer the other in `pos`: their liberties in all,
// their pieces, and their pieces in groups short of liberties — a group with at most one
// liberty counts its pieces in full (one drop captures it), with two at half
// (one distribution of height 3 can fill both; two drops in a row can).
// Under menke a group without liberties is captured only beside an
// opposing group without liberties (RULINGS §1), so a group counts as short
// only when an opposing group beside it has at most one liberty itself
// (`near_dead`: their squares): an attacker's piece in the defender's eye is
// then no weakness until the eye's owner is short too, and a defender
// surrounded by attackers who keep their liberties is no target.
struct Exposure {
  int liberties = 0;
  int pieces = 0;
  double pieces_short = 0;
};

Exposure exposure(const Groups& groups, const inchworm::Geometry& geo,
                  const inchworm::Bits& all_liberties, const inchworm::Bits* near_dead) {
  Exposure e;
  inchworm::Bits stacks;
  for (const Group& g : groups) {
    stacks |= g.cells;
    e.pieces += g.pieces;
    if (g.liberties > 2) continue;
    if (near_dead && !geo.orth_spread(g.cells).intersects(*near_dead)) continue;
    e.pieces_short += g.liberties <= 1 ? g.pieces : 0.5 * g.pieces;
  }
  e.liberties = (geo.orth_spread(stacks) & all_liberties).count();
  return e;
}

}  // namespace

double siege_pressure(const inchworm::InchwormState& state, int player) {
  const inchworm::Position& pos = state.position();
  const inchworm::Geometry& geo = state.geometry();
  const inchworm::Rules& rules = state.rules();
  Groups groups[2];
  inchworm::Bits liberties_of[2], near_dead[2];
  for (int p = 0; p < 2; ++p) {
    liberties_of[p] = inchworm::liberty_cells(pos, p, geo, rules);
    collect_groups(pos, p, geo, liberties_of[p], groups[p]);
    for (const Group& g : groups[p])
      if (g.liberties <= 1) near_dead[p] |= g.cells;
  }
  Exposure side[2];
  for (int p = 0; p < 2; ++p) {
    side[p] = exposure(groups[p], geo, liberties_of[p], rules.menke ? &near_dead[1 - p] : nullptr);
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
