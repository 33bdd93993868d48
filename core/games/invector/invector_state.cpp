// The rules of Invector (docs/rules/invector.md): which moves are legal and
// what they do.
#include "core/games/invector/invector_state.h"

#include <cassert>

#include "core/seed.h"

namespace inchzero::invector {

InvectorState::InvectorState(std::shared_ptr<const InvectorGame> game) : game_(std::move(game)) {
  const Grid& grid = game_->grid();
  std::array<int8_t, kMaxCells> board{};
  board.fill(kNoStone);
  // Checkerboard with a Black stone on a1: Black where file + rank is even.
  for (int c = 0; c < grid.num_cells(); ++c)
    board[c] = (grid.file_of(c) + grid.rank_of(c)) % 2 == 0 ? kBlack : kWhite;
  set_position(board, kBlack, game_->pie(), 0);
}

void InvectorState::set_position(const std::array<int8_t, kMaxCells>& board, int to_move,
                                 bool pie_pending, int ply) {
  board_ = board;
  stones_[kBlack] = stones_[kWhite] = 0;
  for (int c = 0; c < game_->grid().num_cells(); ++c)
    if (board_[c] != kNoStone) ++stones_[board_[c]];
  to_move_ = to_move;
  pie_pending_ = pie_pending;
  ply_ = ply;
  update_outcome();
}

std::unique_ptr<State> InvectorState::clone() const {
  return std::make_unique<InvectorState>(*this);
}

bool InvectorState::swap_available() const {
  return !terminal_ && pie_pending_ && to_move_ == kWhite;
}

bool InvectorState::step_is_legal(int from, int direction) const {
  if (board_[from] != to_move_) return false;
  const int to = game_->grid().step(from, direction);
  if (to < 0) return false;
  // A capture by replacement goes in any direction; a step onto an empty pit
  // must bring the stone strictly closer to the nearer centre pit.
  if (board_[to] == 1 - to_move_) return true;
  return board_[to] == kNoStone && game_->centre_distance(to) < game_->centre_distance(from);
}

void InvectorState::append_step_actions(std::vector<Action>& out) const {
  if (terminal_) return;
  for (int c = 0; c < game_->grid().num_cells(); ++c) {
    if (board_[c] != to_move_) continue;
    for (int d = 0; d < kNumOrthDirections; ++d)
      if (step_is_legal(c, d)) out.push_back(game_->step_action(c, d));
  }
}

void InvectorState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  append_step_actions(out);
  if (terminal_) return;
  if (swap_available()) out.push_back(game_->swap_action());
  // The turn is skipped only when nothing else is legal.
  if (out.empty()) out.push_back(game_->pass_action());
}

std::vector<Move> InvectorState::legal_moves() const {
  std::vector<Move> out;
  for (Action a : legal_actions()) out.push_back({a});
  return out;
}

void InvectorState::apply_action(Action action) {
  assert(!terminal_);
  const int mover = to_move_;
  if (action == game_->swap_action()) {
    // The players exchange colours; in colour terms White simply moves again.
    assert(swap_available());
    pie_pending_ = false;
  } else {
    if (action != game_->pass_action()) {
      const int from = action / 4, to = game_->grid().step(from, action % 4);
      assert(step_is_legal(from, action % 4));
      if (board_[to] == 1 - mover) --stones_[1 - mover];
      board_[to] = static_cast<int8_t>(mover);
      board_[from] = kNoStone;
    }
    if (mover == kWhite) pie_pending_ = false;  // White's first turn is over
    to_move_ = 1 - mover;
  }
  ++ply_;
  update_outcome();
}

void InvectorState::update_outcome() {
  terminal_ = false;
  winner_ = kNoPlayer;
  end_reason_ = EndReason::kNone;
  // A player with no stones left (only ever the side to move: stones vanish
  // by the opponent's captures) has lost.
  if (stones_[to_move_] == 0) {
    terminal_ = true;
    winner_ = 1 - to_move_;
    end_reason_ = EndReason::kNoStones;
  } else if (game_->max_plies() > 0 && ply_ >= game_->max_plies()) {
    terminal_ = true;
    end_reason_ = EndReason::kCap;
  }
}

uint64_t InvectorState::hash() const {
  // Everything in the state: board, side to move, pie flag and the ply (it
  // decides the future once max_plies is set).
  uint64_t h = splitmix64(0x1000 + static_cast<uint64_t>(to_move_) * 2 + (pie_pending_ ? 1 : 0));
  h ^= splitmix64((uint64_t{1} << 40) | static_cast<uint64_t>(ply_));
  for (int c = 0; c < game_->grid().num_cells(); ++c)
    if (board_[c] != kNoStone) h ^= splitmix64(static_cast<uint64_t>(c) * 2 + board_[c]);
  return h;
}

}  // namespace inchzero::invector
