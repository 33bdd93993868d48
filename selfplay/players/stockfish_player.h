// Debian's Stockfish as a player of FIDE chess (`inchworm-chess` with
// `inchworm: false`): the external rung of chess ladders, above our own
// baselines. `stockfish[:skill=S][:depth=D|:nodes=N|:ms=T]`: UCI "Skill
// Level" S (0–20, default 0, the weakest), and one search limit per move
// (default depth 1). Each player runs its own engine process (one thread,
// 16 MB hash). Below skill 20 Stockfish picks among its moves with its own
// random generator, which we cannot seed: such games are not reproducible
// move for move (the ladder records them as played).
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "selfplay/players/player.h"

namespace inchzero {

struct StockfishSettings {
  int skill = 0;
  std::string limit = "depth 1";  // UCI go limits
  std::string path = "/usr/games/stockfish";
};

// Throws GameError when `game` is not FIDE chess or the engine cannot start.
std::unique_ptr<PlayerFactory> make_stockfish_factory(const StockfishSettings& settings,
                                                      const Game& game, const std::string& spec);

}  // namespace inchzero
