// A Steere's Inchworm position and what the rules need to continue: side to
// move, checkers borne off, ply count and outcome.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/steere_inchworm/board.h"
#include "core/games/steere_inchworm/steere_game.h"
#include "core/games/steere_inchworm/worms.h"

namespace inchzero::steere {

class SteereState : public State {
 public:
  // The start: single checkers in a checkerboard, Red on a1, Red to move.
  explicit SteereState(std::shared_ptr<const SteereGame> game);

  // ---- State ----
  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return to_move_; }
  void legal_actions_into(std::vector<Action>& out) const override;
  void apply_action(Action action) override;
  bool in_compound_move() const override { return false; }
  std::vector<Move> legal_moves() const override;
  std::string move_to_string(const Move& move) const override;
  Move parse_move(const std::string& text) const override;
  int ply() const override { return ply_; }
  bool is_terminal() const override { return terminal_; }
  int winner() const override { return winner_; }
  EndReason end_reason() const override { return end_reason_; }
  // Heuristic progress: the player's checkers borne off.
  double points(int player) const override { return borne_off_[player]; }
  uint64_t hash() const override;
  std::string to_position() const override;
  std::string to_text() const override;
  nlohmann::json to_json() const override;

  // ---- Steere's Inchworm specifics (encoders, tests) ----
  const SteereGame& steere() const { return *game_; }
  const Board& board() const { return board_; }
  int to_move() const { return to_move_; }
  int borne_off(int player) const { return borne_off_[player]; }
  // Checkers of `player` still on the board.
  int on_board(int player) const { return on_board_[player]; }
  // The worms of `player` (head and tail in that player's frame).
  std::vector<Worm> worms(int player) const;
  // The legal moves as origin/destination pairs, in action order (empty when
  // the game is over; a forced pass is not listed).
  std::vector<WormMove> worm_moves() const;

  // Replace the whole position (used by the position parser, which has
  // checked every field) and recompute counts and outcome.
  void set_position(const Board& board, int to_move, int borne_off_red, int borne_off_blue,
                    int ply);

 private:
  Action action_of(const WormMove& move) const;
  // The move behind a legal non-pass action.
  WormMove move_of(Action action) const;
  // Decide terminal/winner/end_reason for the current position.
  void update_outcome();

  std::shared_ptr<const SteereGame> game_;
  Board board_;
  int to_move_ = kRed;
  int borne_off_[2] = {0, 0};
  int on_board_[2] = {0, 0};
  int ply_ = 0;
  bool terminal_ = false;
  int winner_ = kNoPlayer;
  EndReason end_reason_ = EndReason::kNone;
};

}  // namespace inchzero::steere
