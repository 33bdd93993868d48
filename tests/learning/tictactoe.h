// A test-only game: tic-tac-toe whose full move is TWO decisions (a row, then
// a column), so that players and search are tested on compound moves without
// depending on a real game's rules. Not in the registry.
//   actions 0..2 = choose row r, actions 3..5 = choose column c (3 + c).
// Optional "points" mode: each player scores one point per own mark on the
// centre row — a toy score for the greedy player (never decides the game).
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero::testing {

class TicTacToeGame : public Game, public std::enable_shared_from_this<TicTacToeGame> {
 public:
  explicit TicTacToeGame(bool with_points = false) : with_points_(with_points) {}
  // The variant with points is another game by name: keeps_score (core/game.h)
  // remembers its answer per game name.
  std::string name() const override {
    return with_points_ ? "test-tictactoe-points" : "test-tictactoe";
  }
  const RuleOptions& options() const override { return options_; }
  std::unique_ptr<State> initial_state() const override;
  std::unique_ptr<State> state_from_position(const std::string&) const override {
    throw GameError("test-tictactoe has no position notation");
  }
  int num_actions() const override { return 6; }
  std::string action_to_string(Action a) const override {
    return a < 3 ? "row" + std::to_string(a) : "col" + std::to_string(a - 3);
  }
  // The 8 symmetries of the square act on rows and columns separately only
  // for the 4 of them that do not transpose; keep it simple: mirror rows (1).
  int num_symmetries() const override { return 2; }
  Action transform_action(Action a, int sym) const override {
    return sym == 1 && a < 3 ? 2 - a : a;
  }
  int max_game_length() const override { return 18; }
  bool with_points() const { return with_points_; }

 private:
  bool with_points_;
  RuleOptions options_;
};

class TicTacToeState : public State {
 public:
  explicit TicTacToeState(const TicTacToeGame& game) : game_(&game) { cells_.fill(-1); }
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return to_move_; }
  void legal_actions_into(std::vector<Action>& out) const override {
    out.clear();
    if (is_terminal()) return;
    if (row_ < 0) {
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
          if (cells_[r * 3 + c] < 0) {
            out.push_back(r);
            break;
          }
    } else {
      for (int c = 0; c < 3; ++c)
        if (cells_[row_ * 3 + c] < 0) out.push_back(3 + c);
    }
  }
  void apply_action(Action a) override {
    if (row_ < 0) {
      row_ = a;
      return;
    }
    cells_[row_ * 3 + (a - 3)] = to_move_;
    row_ = -1;
    ++ply_;
    winner_ = line_winner();
    to_move_ = 1 - to_move_;
  }
  bool in_compound_move() const override { return row_ >= 0; }
  std::vector<Move> legal_moves() const override {
    std::vector<Move> out;
    if (is_terminal()) return out;
    for (int i = 0; i < 9; ++i)
      if (cells_[i] < 0) out.push_back({i / 3, 3 + i % 3});
    return out;
  }
  std::string move_to_string(const Move& m) const override {
    return std::string(1, static_cast<char>('a' + m[1] - 3)) + std::to_string(m[0] + 1);
  }
  Move parse_move(const std::string& text) const override {
    for (const Move& m : legal_moves())
      if (move_to_string(m) == text) return m;
    throw GameError("illegal move '" + text + "'");
  }
  int ply() const override { return ply_; }
  bool is_terminal() const override {
    return winner_ != kNoPlayer || std::find(cells_.begin(), cells_.end(), -1) == cells_.end();
  }
  int winner() const override { return winner_; }
  EndReason end_reason() const override {  // a line, or a full board
    if (!is_terminal()) return EndReason::kNone;
    return winner_ != kNoPlayer ? EndReason::kTarget : EndReason::kStalemate;
  }
  uint64_t hash() const override {
    uint64_t h = static_cast<uint64_t>(row_ + 1) * 31 + static_cast<uint64_t>(to_move_);
    for (int c : cells_) h = h * 3 + static_cast<uint64_t>(c + 1);
    return h;
  }
  std::string to_position() const override { return ""; }
  std::string to_text() const override {
    std::string s;
    for (int i = 0; i < 9; ++i) {
      s += cells_[i] < 0 ? '.' : (cells_[i] == 0 ? 'X' : 'O');
      if (i % 3 == 2) s += '\n';
    }
    return s;
  }
  nlohmann::json to_json() const override {
    nlohmann::json j;
    j["board"] = to_text();
    if (game_->with_points()) {
      std::array<int, 2> pts{0, 0};
      for (int c = 0; c < 3; ++c)
        if (cells_[3 + c] >= 0) ++pts[cells_[3 + c]];
      j["scores"] = pts;
    }
    return j;
  }
  // Test helper: set a cell directly (no turn change; -1 empties it).
  void set_cell(int r, int c, int player) {
    cells_[r * 3 + c] = player;
    winner_ = line_winner();
  }
  void set_to_move(int player) { to_move_ = player; }

 private:
  int line_winner() const {
    static const int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                     {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : kLines)
      if (cells_[l[0]] >= 0 && cells_[l[0]] == cells_[l[1]] && cells_[l[1]] == cells_[l[2]])
        return cells_[l[0]];
    return kNoPlayer;
  }
  const TicTacToeGame* game_;  // a pointer, not a reference, so that copy_from can assign
  std::array<int, 9> cells_;
  int to_move_ = 0, row_ = -1, ply_ = 0, winner_ = kNoPlayer;
};

inline std::unique_ptr<State> TicTacToeGame::initial_state() const {
  return std::make_unique<TicTacToeState>(*this);
}

}  // namespace inchzero::testing
