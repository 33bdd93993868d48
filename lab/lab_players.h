// The lab's players, registered into the generic player-spec parser
// (selfplay/players/player_spec.h: register_player_kind) so that the
// wall-builder is a spec like any other for `inchzero match`, the run
// config's evaluation opponents and the server, while selfplay/ never
// includes the lab.
#pragma once

namespace inchzero::lab {

// Registers `wall` and `waiter` (lab/wall_player.h), `drawseek`
// (lab/draw_seeker.h) and `siege` (lab/siege_player.h). Idempotent; call
// once at start-up (cli/main.cpp), before any spec is parsed.
void register_lab_players();

}  // namespace inchzero::lab
