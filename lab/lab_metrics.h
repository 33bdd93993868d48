// Aggregate metrics of many games under one rule set (issue 5, in the spirit
// of Ludii's game metrics): outcome rates with Wilson 95 % intervals,
// Balance, draw causes, length statistics, formation shares and opening
// diversity. Built from the per-game metrics (lab/game_metrics.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lab/game_metrics.h"
#include "selfplay/eval/match_stats.h"

namespace inchzero::lab {

// A rate k/n with its Wilson 95 % interval.
struct Rate {
  int count = 0, n = 0;
  double value() const { return n > 0 ? static_cast<double>(count) / n : 0.0; }
  Interval interval() const { return wilson_interval(value(), n); }
};

struct RuleSetMetrics {
  int games = 0;
  Rate first_wins, draws, second_wins;  // by game colour: first = Red
  // Ludii's Balance for two players: 1 − |first-player win rate − second's|.
  double balance = 0;
  std::map<std::string, int> draw_causes;  // end reason -> draws
  double length_median = 0, length_p95 = 0, length_mean = 0;
  Rate capped;                   // games ended by the move cap
  Rate no_target;                // games in which nobody reached the target score
  double captures_per_game = 0;  // capturing plies per game
  double pieces_captured_per_game = 0;
  double longest_no_capture_run = 0;  // mean over games
  double stocks_out_ply = 0;          // mean over games in which stocks ran out
  Rate stocks_out;                    // games in which both stocks ran out
  double rescues_per_game = 0;
  // Shares of all examined positions with a formation of either player.
  double two_eyed_share = 0, wall_share = 0, multi_edge_share = 0;
  Rate uncapturable_games;          // games where some player built an uncapturable formation
  double opening_entropy_bits = 0;  // Shannon entropy of the first moves
  std::vector<int> lengths;         // every game's plies (for plots)
};

// One game of the wall-builder against the agent, kept whole (in the cell's
// JSON) so that its draws can be classified and the game replayed.
struct BuilderGame {
  int builder = 0;                 // the builder's colour: 0 = Red (even games), 1 = Blue
  GameMetrics metrics;             // end reason, scores, length, formations at the end
  std::vector<std::string> moves;  // notation, from the initial position
  // For the builder: +1 win, 0 draw, -1 loss.
  int result() const;
};

// How a builder game ended, for the report's fortress-or-clock split.
//  * kFortress: a draw in which a *proven* fortress (either side's, under the
//    game's rules: core/games/inchworm/fortress.h) stood through the last
//    `fortress_plies` plies and its opponent could not reach the target
//    without capturing it: the formation held the draw. Captures elsewhere
//    do not matter (the proof says what can never be captured);
//  * kClock: any other draw ended by the cap or the no-capture limit, or at
//    0–0: the clock ran out on a game nobody was winning;
//  * kOtherDraw: the remaining draws (equal scores at the target,
//    repetition, stalemate with points on the board);
//  * kDecided: not a draw.
enum class BuilderEnd { kDecided, kFortress, kClock, kOtherDraw };
BuilderEnd classify_builder_game(const BuilderGame& game, int fortress_plies);

struct BuilderDraws {
  int fortress = 0, clock = 0, other = 0;
};
BuilderDraws count_builder_draws(const std::vector<BuilderGame>& games, int fortress_plies);

// The agent's (the builder's opponent's) final points over builder games,
// and those of them scored by self-capture (GameMetrics::self_capture_points);
// `recorded` is false when some game was kept before self-capture was.
struct AgentPoints {
  int points = 0, self_capture = 0;
  bool recorded = true;
};
AgentPoints agent_points(const std::vector<BuilderGame>& games);

// How many of `games` saw the builder stand a formation at some ply: a
// two-eyed group or a wall, uncapturable by the original capture rule's
// argument (GameMetrics::uncapturable_ply). A fix under which the builder
// seldom gets that far stops its way of building; it is not shown to break a
// standing wall.
int games_with_builder_formation(const std::vector<BuilderGame>& games);

// Summarise `games` (may be empty: all rates 0 of 0).
RuleSetMetrics summarize_games(const std::vector<GameMetrics>& games);

// The q-quantile (0..1) of `values` by the nearest-rank method; 0 if empty.
double nearest_rank_quantile(std::vector<int> values, double q);

// "p% [low–high]": a rate with its Wilson 95 % interval, for the reports.
std::string rate_text(const Rate& r);

// Shannon entropy in bits of the empirical distribution of `labels`.
double entropy_bits(const std::vector<std::string>& labels);

}  // namespace inchzero::lab
