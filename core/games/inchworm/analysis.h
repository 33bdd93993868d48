// Position and game analysis for the rule-variant lab (issue 5): detectors of
// the formations behind the drawing strategy of Rodeffer's Inchworm (seed 001,
// "Drawing Strategy") and the per-game metrics the lab aggregates.
//
// Formations (all judged on orthogonal adjacency, following the topology):
//  * two-eyed group: a group orthogonally adjacent to at least two distinct
//    eyes, eyes as RULINGS §1 defines them (unlimited size here: the lab asks
//    about the formation, not about one rule set's eye_max_size);
//  * wall: a group touching two OPPOSITE board edges (west+east or
//    south+north); a cylinder only has south/north, a torus has none;
//  * multi-edge group: a group touching more than one distinct board edge.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/inchworm/geometry.h"
#include "core/games/inchworm/inchworm_state.h"
#include "core/games/inchworm/position.h"

namespace inchzero::inchworm {

// Which formations `player` has in `pos`.
struct Formations {
  bool two_eyed = false;    // some group has >= 2 eyes
  bool wall = false;        // some group touches two opposite edges
  bool multi_edge = false;  // some group touches > 1 edge
  // The formations the seed calls impenetrable under the original rules.
  bool uncapturable() const { return two_eyed || wall; }
};

// Every group of `player` in `pos`, each as its set of squares.
std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo);

// Number of distinct eyes (eye_max_size 0 = unlimited) adjacent to `group`
// of `player`.
int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo);

// The Edge bits (geometry.h) that `group` touches.
uint8_t edges_touched(const Bits& group, const Geometry& geo);

// The formations of `player` in `pos` (see the top of this file).
Formations find_formations(const Position& pos, int player, const Geometry& geo);

// Everything the lab measures about one finished (or capped) game.
struct GameMetrics {
  int winner = kNoPlayer;  // 0, 1 or kNoPlayer (draw / unfinished)
  std::string end_reason;  // State::end_reason() ("" if the game did not end)
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
  int final_no_capture_run = 0;  // plies since the last capture, at the end
  std::string first_move;        // notation of the first move ("" if none)
};

// Accumulates GameMetrics while a game is played: construct it on the start
// position, call after_move() after every full move, finish() at the end.
class GameMetricsRecorder {
 public:
  // `start` is at a move boundary.
  explicit GameMetricsRecorder(const InchwormState& start);
  // `before` is the state the full move `move` was played from, `after` the
  // state it led to (both at move boundaries).
  void after_move(const InchwormState& before, const Move& move, const InchwormState& after);
  // The metrics, with the outcome read from `final_state`.
  GameMetrics finish(const InchwormState& final_state);

 private:
  void observe(const InchwormState& state);

  GameMetrics m_;
  int run_ = 0;  // current run of plies without a capture
};

// Replay `moves` (notation, separated by spaces) from `start` and measure the
// game; throws GameError on an illegal move.
GameMetrics measure_game(const InchwormState& start, const std::vector<std::string>& moves);

}  // namespace inchzero::inchworm
