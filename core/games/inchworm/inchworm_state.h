// A running game of Inchworm: the position, the counters of the end
// conditions, the repetition history and the full move in progress.
//
// Compound moves are played on the board as they are decided, so that the
// board always shows the move so far:
//  * collect: COLLECT_FROM[s] marks the start; every TO[x] moves the stack
//    collected so far onto x (x's stack grows, the previous square empties);
//    END_COLLECT, or a TO after which the line cannot go on, ends the move.
//  * distribute: DISTRIBUTE_FROM[c] leaves one piece on c and takes the rest
//    in hand; every TO[x] drops one piece on the empty square x; the move ends
//    with the last piece.
// Captures, counters and the end of the game are settled when the move ends.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/game.h"
#include "core/games/inchworm/captures.h"
#include "core/games/inchworm/inchworm_game.h"
#include "core/games/inchworm/move_cursor.h"
#include "core/games/inchworm/position.h"

namespace inchzero::inchworm {

class InchwormState final : public State {
 public:
  // The position `pos` at a move boundary with the given counters; its
  // repetition history starts with this position. Throws GameError if the
  // counters are inconsistent with the rules (e.g. negative).
  InchwormState(std::shared_ptr<const InchwormGame> game, const Position& pos, int ply,
                int plies_since_capture, int pass_streak);

  // ---- State interface ----
  std::unique_ptr<State> clone() const override;
  void copy_from(const State& other) override { *this = same_class_state(*this, other); }
  const Game& game() const override { return *game_; }
  int current_player() const override { return pos_.to_move(); }
  void legal_actions_into(std::vector<Action>& out) const override;
  // Without listing every decision: the candidates are judged in a uniformly
  // random order and the first legal one is returned, which is uniform over
  // the legal ones (the first legal element of a uniform random order is).
  // The costly check is left to the draw: under move limits a completion
  // search, without them a distribution's path search (king_path_exists),
  // so most draws pay for one check instead of one per candidate.
  Action random_legal_action(std::mt19937_64& rng, std::vector<Action>& scratch) const override;
  // Under move limits, the rest of a distribution from one bounded search
  // in a shuffled order (random_legal_distribution) instead of one search
  // per decision; otherwise, and when that search is inconclusive, as State.
  std::vector<Action> random_completion(std::mt19937_64& rng) const override;
  void apply_action(Action action) override;
  bool in_compound_move() const override { return cursor_.kind != MoveKind::kNone; }
  std::vector<Move> legal_moves() const override;
  std::string move_to_string(const Move& move) const override;
  Move parse_move(const std::string& text) const override;
  int ply() const override { return ply_; }
  bool is_terminal() const override { return end_ != EndReason::kNone; }
  int winner() const override { return winner_; }
  EndReason end_reason() const override { return end_; }
  // The score of `player` (captured pieces, plus enclosed-space points).
  double points(int player) const override { return pos_.score(player); }
  uint64_t hash() const override;
  std::string to_position() const override;
  std::string to_text() const override;
  nlohmann::json to_json() const override;

  // ---- Fast paths for search and benchmarks ----
  // Clone with the concrete type.
  std::unique_ptr<InchwormState> clone_state() const {
    return std::make_unique<InchwormState>(*this);
  }

  // ---- Read accessors (for encoders and tools outside core) ----
  const InchwormGame& inchworm_game() const { return *game_; }
  const Geometry& geometry() const { return game_->geometry(); }
  const Rules& rules() const { return game_->rules(); }
  const Position& position() const { return pos_; }
  // Stack on cell c: owner (kRed, kBlue or kEmpty) and height (0 if empty).
  int owner(int c) const { return pos_.owner(c); }
  int height(int c) const { return pos_.height(c); }
  int stock(int player) const { return pos_.stock(player); }
  // Prisoners held by `player` (pieces of the other colour).
  int prisoners(int player) const { return pos_.prisoners(player); }
  int score(int player) const { return pos_.score(player); }
  int to_move() const { return pos_.to_move(); }
  int plies_since_capture() const { return plies_since_capture_; }
  // Passes in a row just played (0, 1; 2 ends the game).
  int pass_streak() const { return pass_streak_; }
  // What the last completed move captured.
  const CaptureResult& last_captures() const { return last_captures_; }

  // The move in progress (kind kNone at a move boundary).
  MoveKind move_kind() const { return cursor_.kind; }
  // Square where it started (-1 at a boundary).
  int move_source() const { return in_compound_move() ? squares_[0] : -1; }
  // Squares named so far, the source first (collect: the line squares; the
  // collected stack now stands on the last of them. distribute: the squares
  // that received a piece).
  int move_length() const { return in_compound_move() ? num_squares_ : 0; }
  const uint8_t* move_squares() const { return squares_.data(); }
  int move_last_square() const { return in_compound_move() ? cursor_.last : -1; }
  // Pieces still to place in a distribution (0 otherwise).
  int pieces_left() const { return cursor_.pieces_left; }
  // Direction (0..7, geometry.h) of the collect line once its second square
  // is named, else -1.
  int collect_direction() const { return cursor_.direction; }

  // A full move in canonical notation, from this boundary position, with the
  // capture suffix (" X d3-d4") when `with_captures` and it captures.
  std::string move_text(const Move& move, bool with_captures) const;

 private:
  friend class InchwormGame;

  // Whether deciding `action` now leaves a move that can be completed into a
  // legal full move (only needed when the rules restrict moves).
  bool completion_exists_after(Action action, int64_t max_nodes) const;
  // Whether some completion of the move under `cursor` on `pos` is legal,
  // found by a search of at most `max_nodes` partial distribution paths
  // (false when not found within them).
  bool completion_exists(const Position& pos, const MoveCursor& cursor, int64_t max_nodes) const;
  // The next square of a legal completion of the distribution in progress,
  // found by one search from this state: bounded by limit_search_nodes,
  // then unbounded (-1 when none exists). Why: the decision that led here
  // was offered because this very search (completion_exists on this
  // position and cursor) found a completion within the bound, so it finds
  // it again at the same cost, where the searches from each next square
  // alone lack its dead ends and can take exponentially longer; the
  // unbounded search serves only a state not reached through an offered
  // decision.
  int completion_witness() const;
  // Whether a full move whose board effect gave `scratch` is legal: resolve
  // its captures, then check the mover's group limits.
  bool limits_hold(Position scratch) const;
  // Calls offer(action) for every decision open now before the move limits
  // judge it, in legal_actions_into's order; the pass is not one (it is
  // legal only when nothing else is). With `check_paths` false a
  // distribution (its start, or its next square) is offered before its path
  // search, which path_open then does.
  template <class Offer>
  void for_each_candidate(Offer&& offer, bool check_paths = true) const;
  // Whether a candidate offered without path checks has its distribution
  // path: for_each_candidate(…, true) offers it.
  bool path_open(Action action) const;
  // Whether candidate `action` is legal under the move limits (completion
  // searches of at most `max_nodes`).
  bool candidate_legal(Action action, int64_t max_nodes) const;
  void finish_move(bool was_pass);
  void settle_end();

  std::shared_ptr<const InchwormGame> game_;
  Position pos_;
  int ply_ = 0;
  int plies_since_capture_ = 0;
  int pass_streak_ = 0;
  int occurrences_ = 1;  // times the current full state has occurred
  EndReason end_ = EndReason::kNone;
  int winner_ = kNoPlayer;
  CaptureResult last_captures_;
  // Hashes of the full states since scores last changed (earlier states can
  // never recur: scores never fall), the current one last.
  std::vector<uint64_t> history_;
  // Move in progress.
  MoveCursor cursor_;
  int num_squares_ = 0;
  std::array<uint8_t, kMaxCells> squares_{};
};

}  // namespace inchzero::inchworm
