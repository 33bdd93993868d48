// A running chess game: the position, the repetition history, the result,
// and the full move being decided (docs/action-space.md). The board changes
// only when a full move is complete.
#pragma once

#include <memory>
#include <vector>

#include "core/game.h"
#include "core/games/chess/chess_game.h"
#include "core/games/chess/move.h"
#include "core/games/chess/position.h"

namespace inchzero::chess {

class ChessState final : public State {
 public:
  // The position `pos` at a move boundary, `ply` plies into the game, with
  // no earlier positions in its repetition history.
  ChessState(std::shared_ptr<const ChessGame> game, const Position& pos, int ply);

  // ---- State interface ----
  std::unique_ptr<State> clone() const override { return std::make_unique<ChessState>(*this); }
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return pos_.side; }
  void legal_actions_into(std::vector<Action>& out) const override;
  void apply_action(Action action) override;
  bool in_compound_move() const override {
    return pending_from_ != kNoSquare || pending_onto_ != kNoSquare;
  }
  std::vector<Move> legal_moves() const override;
  std::string move_to_string(const Move& move) const override;
  Move parse_move(const std::string& text) const override;
  int ply() const override { return ply_; }
  // The fast Position walk below (generic walk inside a compound move).
  uint64_t perft(int depth) const override;
  bool is_terminal() const override { return end_ != EndReason::kNone; }
  int winner() const override { return winner_; }
  EndReason end_reason() const override { return end_; }
  // Chess keeps no score, so `player`'s material on the board stands in for
  // one (pawn 1, knight 3, bishop 3, rook 5, queen 9, a half piece half its
  // whole piece, the king 0; a stretched piece counts once): the heuristic
  // of the greedy player, the UCT rollout cap and the search's score
  // utility (game.h). It never decides a game.
  double points(int player) const override;
  uint64_t hash() const override;
  std::string to_position() const override;
  std::string to_text() const override;
  nlohmann::json to_json() const override;

  // ---- Chess-level access (encoders, tests, tools) ----
  const ChessGame& chess_game() const { return *game_; }
  const Position& position() const { return pos_; }
  // The legal moves at this move boundary (empty when the game is over).
  const std::vector<ChessMove>& legal_chess_moves() const { return legal_; }
  // Play a legal move of this position (at a move boundary).
  void play(const ChessMove& move);
  // The decisions of a legal move, and back.
  Move to_actions(const ChessMove& move) const;
  ChessMove from_actions(const Move& move) const;
  // Times the current position has occurred (1 the first time).
  int occurrences() const;
  bool in_check() const { return pos_.in_check(pos_.side); }
  // The move in progress: the square picked by FROM (kNoSquare if none), the
  // TO square awaiting a promotion, the ONTO square awaiting a promotion.
  Square pending_from() const { return pending_from_; }
  Square pending_to() const { return pending_to_; }
  Square pending_onto() const { return pending_onto_; }
  // Perft from this move boundary by the fast Position walk (equal to the
  // generic core/perft.h count).
  uint64_t fast_perft(int depth) const;

 private:
  // Recompute the legal moves and decide whether the game is over.
  void settle();

  std::shared_ptr<const ChessGame> game_;
  Position pos_;
  int ply_ = 0;
  std::vector<uint64_t> history_;  // keys since the last capture / pawn advance, oldest first
  std::vector<ChessMove> legal_;
  EndReason end_ = EndReason::kNone;
  int winner_ = kNoPlayer;
  Square pending_from_ = kNoSquare, pending_to_ = kNoSquare, pending_onto_ = kNoSquare;
};

}  // namespace inchzero::chess
