// The siege player (`siege:D`, issues 18 and 50): the alpha-beta player of
// selfplay/players/alphabeta_player.h, D full moves deep over the game's own
// points, whose ties are broken by a siege evaluation (siege_pressure), and
// for which a draw is a failure (AlphaBetaSettings::draw_is_failure): it
// scores below every unfinished position, so the attacker never repeats a
// position or runs down a clock to save a point. Points always come first
// (the evaluation stays within +-0.5). Liberties are counted as the rules
// count them (core/games/inchworm/captures.h: liberty_cells).
//
// Why: plain `ab:D` sees nothing between captures, so against a defender
// that only waits every quiet move ties and it shuffles at random until the
// cap, and the lab cannot tell a fortress from an attacker that never
// attacks. Taking liberties away is how a group is captured, and pieces in
// groups left with one liberty are what a two-move search turns into a
// capture: after its move and every reply, a position that still leaves
// the defender short of liberties is a double threat. Measured on 8 x 8,
// target 60, cap 1200 (AMD EPYC family 25 model 17, 4 games, seed 5,
// against the passive waiter): ab:2 0-4-0 (margin +4); siege:2 with the
// liberties term alone 1-3-0 (+31.5); with the short-of-liberties term and
// draw_is_failure 4-0-0 (+57, 792 plies). Inchworm only.
#pragma once

#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::lab {

// The evaluation for `player` in `state`, strictly within −0.5 and 0.5, the
// sum of two terms each within ±0.25:
//  * liberties: (own liberties − the opponent's) / (4 × (squares + 1)), a
//    side's liberties being the squares orthogonally next to its stacks that
//    count as its liberties;
//  * short of liberties: (the opponent's pieces short − own) / (4 × (pieces
//    on the board + 1)), where the pieces of a group with at most one
//    liberty count in full and those of a group with two at half; under
//    menke only groups beside an opposing group with at most one liberty
//    count (a group without liberties is captured only beside an opposing
//    group without liberties, so a piece in the opponent's eye is no
//    weakness until the eye's owner is short too).
double siege_pressure(const inchworm::InchwormState& state, int player);

}  // namespace inchzero::lab
