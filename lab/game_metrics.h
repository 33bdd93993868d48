// Everything the rule-variant lab measures about one game, recorded move by
// move (the lab's observer on the match loop, lab/lab_runner.cpp): outcome,
// captures, stocks, and the formations of core/games/inchworm/analysis.h in
// every position. Lab-only, so it lives in the lab, above the rules core.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/inchworm/inchworm_state.h"
#include "lab/design_measures.h"
#include "lab/rule_firing.h"

namespace inchzero::lab {

// Everything the lab measures about one finished (or capped) game.
struct GameMetrics {
  int winner = kNoPlayer;                   // 0, 1 or kNoPlayer (draw / unfinished)
  EndReason end_reason = EndReason::kNone;  // State::end_reason() (kNone if the game did not end)
  int plies = 0;
  int scores[2] = {0, 0};
  bool target_reached = false;     // someone's score reached target_score
  int capturing_plies = 0;         // plies that captured anything
  int pieces_captured = 0;         // pieces removed by captures, both colours
  int longest_no_capture_run = 0;  // most plies in a row without a capture
  int stocks_out_ply = -1;         // first ply after which both stocks are 0 (-1: never)
  int rescues = 0;                 // rescue moves played
  // Positions examined (the start and the one after every ply) and how many
  // of them show a formation of either player.
  int positions = 0;
  int two_eyed_positions = 0;
  int wall_positions = 0;
  int multi_edge_positions = 0;
  // First ply at which each player has an uncapturable formation (-1: never).
  int uncapturable_ply[2] = {-1, -1};
  // Each player's uncapturable formation at the end: the ply from which one
  // has stood without a break up to the final position (-1: none stands
  // there), and which kinds stand then. A formation that was built, broken
  // and rebuilt counts from the rebuilding: what held the game at its end.
  int standing_since[2] = {-1, -1};
  bool wall_at_end[2] = {false, false};
  bool two_eyed_at_end[2] = {false, false};
  // Issue 50: each player's *proven* fortress (core/games/inchworm/
  // fortress.h, under the game's own rules) at the end: the ply from which
  // one has stood without a break up to the final position (-1: none stands
  // there), and whether the opponent could not reach the target without
  // capturing it (target_needs_group). False in cells made before
  // 2026-11-29; the lab measures those games again from their moves.
  bool fortress_recorded = false;
  int fortress_since[2] = {-1, -1};
  bool fortress_needed[2] = {false, false};
  // Rodeffer's counter-argument (issue 50, item 5): a player without stock
  // must move its stacks, so perhaps it must break its own fortress. Per
  // player: the positions where it is to move, its stock is 0 and a proven
  // fortress of its own stands, and among them those where every legal
  // move leaves it without one (it has to break it). Recorded with the
  // fortress fields (fortress_recorded).
  int stockless_fortress_positions[2] = {0, 0};
  int forced_breaks[2] = {0, 0};
  int final_no_capture_run = 0;  // plies since the last capture, at the end
  std::string first_move;        // notation of the first move ("" if none)
  // Issue 18, part 6: Browne's measures from the score lead
  // (lab/design_measures.h) and, per fix on in the rules, the plies at which
  // it fired (lab/rule_firing.h). False in cells made before they were kept.
  bool design_recorded = false;
  DesignMeasures design;
  std::map<std::string, int> fired;
  // Self-capture: per player, its pieces captured by its own moves, and the
  // points those moves scored it beyond the opponent's pieces they captured
  // (under enclosed_space_points a captured group scores its owner its eye
  // squares, so dropping a piece into one's own eye — no liberty there under
  // enclosure_capture — is captured at once and scores: a points farm, not
  // an attack). False in cells made before they were kept (2026-11-28).
  bool self_capture_recorded = false;
  int self_capture_pieces[2] = {0, 0};
  int self_capture_points[2] = {0, 0};
};

// Accumulates GameMetrics while a game is played: construct it on the start
// position, call after_move() after every full move, finish() at the end.
class GameMetricsRecorder {
 public:
  // `start` is at a move boundary.
  explicit GameMetricsRecorder(const inchworm::InchwormState& start);
  // `before` is the state the full move `move` was played from, `after` the
  // state it led to (both at move boundaries).
  void after_move(const inchworm::InchwormState& before, const Move& move,
                  const inchworm::InchwormState& after);
  // The metrics, with the outcome read from `final_state`.
  GameMetrics finish(const inchworm::InchwormState& final_state);

 private:
  void observe(const inchworm::InchwormState& state);
  void observe_fortress(const inchworm::InchwormState& state, int player, bool two_eyed);
  void observe_stockless_fortress(const inchworm::InchwormState& state, int player);

  GameMetrics m_;
  int run_ = 0;             // current run of plies without a capture
  std::vector<int> leads_;  // Red's score minus Blue's, per position
  RuleFiringCounter firing_;
};

// Replay `moves` (notation, separated by spaces) from `start` and measure the
// game; throws GameError on an illegal move.
GameMetrics measure_game(const inchworm::InchwormState& start,
                         const std::vector<std::string>& moves);

}  // namespace inchzero::lab
