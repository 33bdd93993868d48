// An Invector position plus what the rules need to continue from it: side to
// move, whether White's first turn (and with it the pie swap) is still to
// come, the ply count and the outcome.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/games/invector/invector_game.h"

namespace inchzero::invector {

class InvectorState : public State {
 public:
  static constexpr int kMaxCells = 16 * 16;

  // The start: a full checkerboard with a Black stone on a1, Black to move.
  explicit InvectorState(std::shared_ptr<const InvectorGame> game);

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
  // Heuristic material: the player's stones on the board.
  double points(int player) const override { return stones_[player]; }
  uint64_t hash() const override;
  std::string to_position() const override;
  std::string to_text() const override;
  nlohmann::json to_json() const override;

  // ---- Invector specifics (encoders, tests) ----
  const InvectorGame& invector() const { return *game_; }
  // kBlack, kWhite or kNoStone.
  int owner(int c) const { return board_[c]; }
  int to_move() const { return to_move_; }
  int stones(int player) const { return stones_[player]; }
  // True until White has taken a first turn (only ever true with pie: true).
  bool pie_pending() const { return pie_pending_; }
  // True when `swap` is a legal move now.
  bool swap_available() const;

  // Replace the whole position (used by the position parser, which has
  // checked every field) and recompute counts and outcome.
  void set_position(const std::array<int8_t, kMaxCells>& board, int to_move, bool pie_pending,
                    int ply);

 private:
  // The ordinary moves (steps and captures) of the side to move, ascending,
  // appended to `out`.
  void append_step_actions(std::vector<Action>& out) const;
  // True if the step of the stone on `from` in `direction` is legal.
  bool step_is_legal(int from, int direction) const;
  // Decide terminal/winner/end_reason for the current position.
  void update_outcome();

  std::shared_ptr<const InvectorGame> game_;
  std::array<int8_t, kMaxCells> board_{};
  int stones_[2] = {0, 0};
  int to_move_ = kBlack;
  bool pie_pending_ = false;
  int ply_ = 0;
  bool terminal_ = false;
  int winner_ = kNoPlayer;
  EndReason end_reason_ = EndReason::kNone;
};

}  // namespace inchzero::invector
