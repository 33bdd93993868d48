// The siege player (`siege:D`, issue 18): the alpha-beta player of
// selfplay/players/alphabeta_player.h, D full moves deep over the game's own
// points, whose ties are broken by liberties: it prefers the leaf where its
// own groups have more liberties than the opponent's (each counted as the
// set of empty squares orthogonally next to a player's stacks that count as
// its liberties under the rules, core/games/inchworm/captures.h). Points
// always come first (the term stays within +-0.5).
//
// Why: plain `ab:D` sees nothing between captures, so against a defender
// that only waits (the wall-builder once its formation stands, or once the
// rules forbid it) every quiet move ties and it shuffles at random until the
// cap, and the lab cannot tell a fortress from an attacker that never
// attacks. Taking liberties away is how a group is captured (filling its
// last one), so the siege player closes in on the groups that a fix has
// made capturable. Inchworm only.
#pragma once

#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::lab {

// The tie-break term for `player` in `state`: (own liberties − the
// opponent's) / (2 × (squares + 1)), strictly within −0.5 and 0.5.
double siege_pressure(const inchworm::InchwormState& state, int player);

}  // namespace inchzero::lab
