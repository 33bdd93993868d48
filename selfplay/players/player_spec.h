// Player spec strings, as given to `inchzero match --p0/--p1` and to the run
// config's evaluation section (their forms as help texts print them:
// player_spec_forms(), checked against docs/running.md's players table):
//   random                      uniform random decisions (see random_player.h)
//   greedy                      best immediate score change (greedy_player.h)
//   uct:N[:c=X][:rollout_plies=M][:ms=T]
//                               UCT with random rollouts, N playouts per decision;
//                               with ms=T at most T ms per move (move_clock.h)
//   stockfish[:skill=S][:depth=D|:nodes=N|:ms=T]
//                               Debian's Stockfish, FIDE chess only (stockfish_player.h)
//   ab:D[:ms=T]                 alpha-beta over full moves, D moves deep, leaves
//                               scored by points (alphabeta_player.h); with ms=T
//                               iterative deepening within T ms per move
//   net:PATH[:sims=N][:gumbel=0|1][:precision=fp32|bf16|auto][:temp=T[:temp_moves=M]][:ms=T]
//                               a saved network searching N simulations per move;
//                               with ms=T at most T ms per move (N: a cap,
//                               kTimedSimulationCap when not given);
//                               PATH may be a run folder (its newest network);
//                               gumbel overrides the search config's root search;
//                               precision overrides the caller's inference
//                               options (make_player_factory's `inference`);
//                               temp=T draws each decision with probability
//                               proportional to visits^(1/T) instead of playing
//                               the most visited, in the player's first M moves
//                               only with temp_moves=M (a Gumbel root: its
//                               improved policy^(1/T)), so that two networks
//                               need not repeat the same game
//   zoo:NAME[:sims=N]...        the network of zoo entry NAME (model/zoo.h), with
//                               the options of net; the same as net:zoo:NAME
// plus the kinds registered by layers above (register_player_kind): the lab's
// `wall` wall-builder and `drawseek` draw-seeker (lab/lab_players.h), which
// this layer does not know.
// The grammar is `kind[:argument][:key=value]...`; a net PATH may itself
// contain ':' as long as no part of it contains '='.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/backend.h"
#include "selfplay/players/player.h"
#include "selfplay/search_config.h"

namespace inchzero {

// net with ms=T and no sims=N: the simulations' cap, so that the time decides.
constexpr int kTimedSimulationCap = 1000000;

struct PlayerSpec {
  enum class Kind { kRandom, kGreedy, kUct, kAlphaBeta, kStockfish, kNet, kRegistered };
  Kind kind = Kind::kRandom;
  // uct: playouts per decision, UCB1 exploration constant (rewards in
  // [0, 1]; sqrt 2 is the textbook value), and the rollout length cap in plies
  // (0 = play to the end; at the cap the higher points() wins).
  int playouts = 0;
  double exploration = 1.4142135623730951;
  int rollout_plies = 0;
  // ab: depth in full moves. ab, uct and net: a time limit per move in ms
  // (0 = none; ab then deepens iteratively up to `depth`, uct and net stop
  // each decision's search when its share is up: move_clock.h).
  int depth = 2;
  int time_ms = 0;
  // stockfish: UCI Skill Level, and the go limit ("depth 1", "nodes 500", "movetime 50").
  int skill = 0;
  std::string go_limit = "depth 1";
  // net: the network file and the simulations per move.
  std::string path;
  int simulations = 64;
  int gumbel = -1;        // 1 / 0: Gumbel root search on / off; -1: as the search config says
  std::string precision;  // "fp32" | "bf16" | "auto"; empty: the caller's inference options
  // Move-choice temperature (0: the most visited decision) and the player's
  // own moves it lasts (0: the whole game).
  double temperature = 0;
  int temperature_moves = 0;
  // registered: the kind's name and everything after "name:" (empty: none).
  std::string registered;
  std::string argument;

  // Canonical text, parseable back: "uct:1000", "net:a.pt:sims=64".
  std::string to_string() const;
};

// A player kind added by a layer above this one, so that `inchzero match`,
// the run config's evaluation opponents and the server's engines accept it
// while this layer stays free of it (the lab's wall-builder lives in lab/).
// Registered once at start-up (cli/main.cpp), before any spec is parsed.
struct PlayerKind {
  std::string name;                // the spec's kind: "wall"
  std::string summary;             // one line for engine lists
  std::string grammar;             // its spec forms: "drawseek:N[:c=X]" (empty: the name)
  std::vector<std::string> games;  // the games it plays (empty: every game)
  bool takes_argument = false;     // false: "name:..." is refused when parsed
  // The factory of `spec` (spec.registered == name) in `game`; throws
  // GameError on a bad argument or a game it cannot play.
  std::function<std::unique_ptr<PlayerFactory>(
      const PlayerSpec& spec, std::shared_ptr<const Game> game, const SearchConfig& search)>
      make;
};

// Adds `kind`, replacing one of the same name; throws GameError if the name
// is a built-in kind. Thread-safe.
void register_player_kind(PlayerKind kind);
// Every registered kind, in registration order. Thread-safe.
std::vector<PlayerKind> registered_player_kinds();

// A kind of player and its spec's form, as `--help`, the refusal of a bad
// spec and docs/running.md's players table write it: "ab:D[:ms=T]".
struct PlayerForm {
  std::string kind;
  std::string grammar;
};
// Every kind's form: the built-in ones, then the registered ones in
// registration order. Thread-safe.
std::vector<PlayerForm> player_spec_forms();
// The forms joined with " | ", for help texts and refusals. Thread-safe.
std::string player_spec_grammar();

// Parse a spec; throws GameError naming the spec and what is wrong with it.
PlayerSpec parse_player_spec(const std::string& text);

// `text` with a time per move of `ms` (`--movetime` of match and ladder:
// players at equal time): ":ms=<ms>" is added to ab, uct, net and zoo specs
// that name no ms, and to stockfish specs that name none of ms, depth and
// nodes; every other spec (greedy and random answer at once; the registered
// kinds play as given) and every spec when ms is 0 comes back unchanged.
// Throws GameError for a bad spec, as parse_player_spec.
std::string with_time_per_move(const std::string& text, int ms);

// A factory for the players of `spec` in `game`. For net specs this loads the
// network once (shared by all games; throws GameError if it cannot be loaded
// or does not fit the game), runs it as `inference` says (the spec's
// precision=… overrides its precision) and searches with `search`.
std::unique_ptr<PlayerFactory> make_player_factory(
    const PlayerSpec& spec, std::shared_ptr<const Game> game,
    const SearchConfig& search = SearchConfig(),
    const InferenceOptions& inference = InferenceOptions());
inline std::unique_ptr<PlayerFactory> make_player_factory(
    const std::string& spec, std::shared_ptr<const Game> game,
    const SearchConfig& search = SearchConfig(),
    const InferenceOptions& inference = InferenceOptions()) {
  return make_player_factory(parse_player_spec(spec), std::move(game), search, inference);
}

}  // namespace inchzero
