// A match between two players: N games with colours alternated (p0 plays the
// first player, Red, in even games), played in parallel on T threads and
// reproducible from one seed whatever T is (game i's players are seeded from
// the match seed and i).
//
// Deterministic players (a network at temperature 0) would replay the same
// two games over and over; `opening_plies` > 0 starts every game with that
// many uniformly random plies, the same opening for games 2k and 2k + 1, so
// each opening is played once with each colour assignment (a paired design
// that keeps the comparison fair).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "selfplay/eval/match_stats.h"
#include "selfplay/players/player.h"

namespace inchzero {

// Watches one game of a match as it is played, so a caller measures its
// games (the lab: lab/lab_runner.h) through this loop instead of a second
// one. One observer per game, called on that game's thread only; the
// match's guards (legal, non-empty moves, the decision cap) apply first.
class GameObserver {
 public:
  virtual ~GameObserver() = default;
  // The start position (after the random opening plies).
  virtual void start(const State& state) {}
  // After every full move: the state it was played from, the move, the
  // state it led to.
  virtual void after_move(const State& before, const Move& move, const State& after) {}
  // The final (terminal) state.
  virtual void finish(const State& final_state) {}
};
// Makes the observer of game `index` (null: that game is not observed).
// Called on the game's thread; must be thread-safe.
using GameObserverFactory = std::function<std::unique_ptr<GameObserver>(int index)>;

struct MatchOptions {
  int games = 100;
  uint64_t seed = 1;
  int threads = 1;
  int opening_plies = 0;  // random plies before the players take over
  // When set and it turns true, no new game starts; games under way finish.
  const std::atomic<bool>* stop = nullptr;
  // As `stop`, but set by the caller when it has the games it needs (the
  // lab's strength gate once its first games decide it): the match ends the
  // same way and is not `interrupted` (unless `stop` is set too).
  const std::atomic<bool>* enough = nullptr;
  // When set, games whose index it accepts are not played (a resumed
  // ladder's finished games); they are not in the result.
  std::function<bool(int index)> skip;
  // When set, every game is observed (a copy of each state before a move is
  // kept for after_move, so unobserved matches pay nothing).
  GameObserverFactory observe;
};

// One finished game of a match.
struct MatchGame {
  int index = 0;
  int p0_colour = 0;  // the game player (0 = first/Red) that p0 played
  int result = 0;     // for p0: +1 win, 0 draw, −1 loss
  EndReason end_reason = EndReason::kNone;
  int plies = 0;
  // State::points of game players 0 and 1 at the end (the score, or a game's
  // heuristic points): who was ahead when a game was drawn at the cap.
  std::array<double, 2> final_points{};
  // p0's final points minus p1's.
  double p0_points_margin() const { return final_points[p0_colour] - final_points[1 - p0_colour]; }
  // Wall time each player spent choosing its moves, and how many full moves
  // it chose ([0] = p0, [1] = p1): time per move for comparing budgets.
  std::array<double, 2> think_seconds{};
  std::array<int, 2> moves{};
};

struct MatchResult {
  std::string p0, p1;  // player descriptions
  MatchOptions options;
  std::vector<MatchGame> games;  // in game-index order (only finished ones)
  double seconds = 0;
  bool interrupted = false;  // options.stop ended the match early (not options.enough)

  // Wins / draws / losses of p0.
  int wins() const;
  int draws() const;
  int losses() const;
  MatchSummary summary() const;
  // End reason (its word, for reports and JSON) -> number of games.
  std::map<std::string, int> end_reasons() const;
  // [p0's colour][0 = win, 1 = draw, 2 = loss] counts for p0.
  std::array<std::array<int, 3>, 2> by_colour() const;
  double mean_plies() const;
  // Mean of p0_points_margin() over the games (0 without games).
  double mean_p0_points_margin() const;
  // Mean wall time per full move of p0 (side 0) or p1 (side 1), in seconds,
  // measured on the game's thread while `options.threads` games run at once.
  double seconds_per_move(int side) const;
  // Everything above, machine-readable (the --json file of `inchzero match`).
  nlohmann::json to_json() const;
  // A readable report; `colour_names` names game players 0 and 1.
  std::string to_text(const std::array<std::string, 2>& colour_names = {"first", "second"}) const;
};

// Called after each finished game with the count finished so far, the total
// and that game; calls are serialised by the match.
using MatchProgress = std::function<void(int finished, int total, const MatchGame& game)>;

// The start position of game `index`: `opening_plies` uniformly random plies
// from the initial state, drawn from the match seed and index / 2.
std::unique_ptr<State> match_opening(const Game& game, uint64_t seed, int opening_plies, int index);

// Play the match. Throws GameError if a player returns an illegal move or a
// game exceeds the game's max_game_length() decisions. Any exception thrown
// in a game (by a player, an observer) stops the match: games under way
// finish, no new one starts, and the first exception is rethrown here on the
// caller's thread.
MatchResult play_match(const Game& game, const PlayerFactory& p0, const PlayerFactory& p1,
                       const MatchOptions& options, const MatchProgress& progress = {});

}  // namespace inchzero
