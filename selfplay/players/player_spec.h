// Player spec strings, as given to `inchzero match --p0/--p1` and to the run
// config's evaluation section:
//   random                      uniform random decisions (see random_player.h)
//   greedy                      best immediate score change (greedy_player.h)
//   wall                        Inchworm's scripted wall-builder (wall_player.h)
//   uct:N[:c=X][:rollout_plies=M]
//                               UCT with random rollouts, N playouts per decision
//   stockfish[:skill=S][:depth=D|:nodes=N|:ms=T]
//                               Debian's Stockfish, FIDE chess only (stockfish_player.h)
//   ab:D[:ms=T]                 alpha-beta over full moves, D moves deep, leaves
//                               scored by points (alphabeta_player.h); with ms=T
//                               iterative deepening within T ms per move
//   net:PATH[:sims=N][:gumbel=0|1][:precision=fp32|bf16|auto]
//                               a saved network searching N simulations per move;
//                               PATH may be a run folder (its newest network);
//                               gumbel overrides the search config's root search;
//                               precision overrides the process's inference
//                               setting (model/backend.h: default_inference)
// The grammar is `kind[:argument][:key=value]...`; a net PATH may itself
// contain ':' as long as no part of it contains '='.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "selfplay/players/player.h"
#include "selfplay/search_config.h"

namespace inchzero {

struct PlayerSpec {
  enum class Kind { kRandom, kGreedy, kWall, kUct, kAlphaBeta, kStockfish, kNet };
  Kind kind = Kind::kRandom;
  // uct: playouts per decision, UCB1 exploration constant (rewards in
  // [0, 1]; sqrt 2 is the textbook value), and the rollout length cap in plies
  // (0 = play to the end; at the cap the higher points() wins).
  int playouts = 0;
  double exploration = 1.4142135623730951;
  int rollout_plies = 0;
  // ab: depth in full moves, and a time limit per move (0 = none; then the
  // search deepens iteratively up to `depth`).
  int depth = 2;
  int time_ms = 0;
  // stockfish: UCI Skill Level, and the go limit ("depth 1", "nodes 500", "movetime 50").
  int skill = 0;
  std::string go_limit = "depth 1";
  // net: the network file and the simulations per move.
  std::string path;
  int simulations = 64;
  int gumbel = -1;        // 1 / 0: Gumbel root search on / off; -1: as the search config says
  std::string precision;  // "fp32" | "bf16" | "auto"; empty: the process's setting

  // Canonical text, parseable back: "uct:1000", "net:a.pt:sims=64".
  std::string to_string() const;
};

// Parse a spec; throws GameError naming the spec and what is wrong with it.
PlayerSpec parse_player_spec(const std::string& text);

// A factory for the players of `spec` in `game`. For net specs this loads the
// network once (shared by all games; throws GameError if it cannot be loaded
// or does not fit the game) and searches with `search`.
std::unique_ptr<PlayerFactory> make_player_factory(const PlayerSpec& spec,
                                                   std::shared_ptr<const Game> game,
                                                   const SearchConfig& search = SearchConfig());
inline std::unique_ptr<PlayerFactory> make_player_factory(
    const std::string& spec, std::shared_ptr<const Game> game,
    const SearchConfig& search = SearchConfig()) {
  return make_player_factory(parse_player_spec(spec), std::move(game), search);
}

}  // namespace inchzero
