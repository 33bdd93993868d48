// UCI for the chess games (`inchzero uci`): FIDE chess, Inchworm Chess and
// Long Worm Chess, chosen by the UCI_Variant option as Fairy-Stockfish names
// variants. Commands: uci, isready, ucinewgame, setoption, position
// startpos|fen … [moves …], go [nodes|movetime|wtime|btime|winc|binc|
// movestogo|infinite], stop, quit (and `d`, which prints the position).
// The search runs on its own thread so that stop, isready and quit are
// answered while it thinks. Moves are in the game's notation, which for
// FIDE chess is UCI's long algebraic form (e2e4, e7e8q, e1g1).
#pragma once

#include <iosfwd>

#include "engine/engine_context.h"
#include "engine/uci_command.h"

namespace inchzero {

// Speak UCI on `in` / `out` until `quit` or the end of `in` (a search in
// progress is stopped and answered first). Returns 0.
int serve_uci(EngineContext& context, std::istream& in, std::ostream& out);

}  // namespace inchzero
