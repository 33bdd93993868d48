// `inchzero play`: a person against any player (a network or a match
// player) in a terminal, reading moves and commands from a stream so that it
// can also be scripted. The opponent's moves and the hints come from the
// engine context (engine_context.h): a network searches as the analysis
// engine does, a player without a network names its move.
//
// Input, one per line:
//   a full move in the game's notation ("d4", "d4-d5-e6", "e2e4");
//   one decision of a move in progress ("distribute from d4", then "to d5" or
//     just "d5" — any decision `moves` lists, or its last word when only one
//     decision ends with it), so an Inchworm distribution can be typed step by step;
//   moves | undo | hint | resign | save FILE | help | quit.
// A bad line gets a message saying why and the same prompt; nothing exits
// but `quit` and the end of the input.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include "core/game.h"
#include "engine/engine_context.h"

namespace inchzero {

struct TerminalGameOptions {
  int human = 0;         // which player the person is (0 moves first)
  uint64_t seed = 1;     // the opponent's random choices
  std::string opponent;  // its spec, for messages and records
  int hint_visits = 0;   // 0: the opponent's own budget
  // Writes a finished or unfinished game to a file (the text record or PGN,
  // by the caller's choice); throws GameError. Unset: `save` is refused.
  std::function<void(const std::string& path, const State& start, const std::vector<Move>& moves,
                     int winner, EndReason end_reason)>
      save;
};

// Play one game from `start`; returns 0 (quit or end of input).
int play_in_terminal(EngineContext& context, const std::shared_ptr<const Game>& game,
                     const State& start, const TerminalGameOptions& options, std::istream& in,
                     std::ostream& out);

}  // namespace inchzero
