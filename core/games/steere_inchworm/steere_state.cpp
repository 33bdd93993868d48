// The rules of Steere's Inchworm at the level of whole turns: legal moves as
// actions, applying them, the end of the game (docs/rules/steere-inchworm.md).
#include "core/games/steere_inchworm/steere_state.h"

#include <algorithm>
#include <cassert>

#include "core/seed.h"

namespace inchzero::steere {

SteereState::SteereState(std::shared_ptr<const SteereGame> game) : game_(std::move(game)) {
  const Grid& grid = game_->grid();
  Board board;
  // Single checkers in a checkerboard: Red where file + rank is even (a1).
  for (int c = 0; c < grid.num_cells(); ++c)
    board.push(c, (grid.file_of(c) + grid.rank_of(c)) % 2 == 0 ? kRed : kBlue);
  set_position(board, kRed, 0, 0, 0);
}

void SteereState::set_position(const Board& board, int to_move, int borne_off_red,
                               int borne_off_blue, int ply) {
  board_ = board;
  on_board_[kRed] = on_board_[kBlue] = 0;
  for (int c = 0; c < game_->grid().num_cells(); ++c)
    if (!board_.empty(c)) on_board_[board_.owner[c]] += board_.height[c];
  to_move_ = to_move;
  borne_off_[kRed] = borne_off_red;
  borne_off_[kBlue] = borne_off_blue;
  ply_ = ply;
  update_outcome();
}

std::unique_ptr<State> SteereState::clone() const { return std::make_unique<SteereState>(*this); }

std::vector<Worm> SteereState::worms(int player) const {
  std::vector<Worm> out;
  find_worms(game_->grid(), board_, player, &out, nullptr);
  return out;
}

std::vector<WormMove> SteereState::worm_moves() const {
  if (terminal_) return {};
  return generate_moves(game_->grid(), board_, to_move_);
}

Action SteereState::action_of(const WormMove& move) const {
  return game_->move_action(Frame(game_->grid(), to_move_).to_frame(move.origin), move.target);
}

WormMove SteereState::move_of(Action action) const {
  const int origin = Frame(game_->grid(), to_move_).from_frame(action / kNumTargets);
  const Target target = static_cast<Target>(action % kNumTargets);
  return {origin, destination(game_->grid(), board_, origin, target), target};
}

void SteereState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  if (terminal_) return;
  for (const WormMove& m : worm_moves()) out.push_back(action_of(m));
  // A turn is skipped only when no move is available.
  if (out.empty()) out.push_back(game_->pass_action());
}

std::vector<Move> SteereState::legal_moves() const {
  std::vector<Move> out;
  for (Action a : legal_actions()) out.push_back({a});
  return out;
}

void SteereState::apply_action(Action action) {
  assert(!terminal_);
  if (action != game_->pass_action()) {
    const WormMove m = move_of(action);
    assert(m.dest != -2);
    if (move_checker(board_, m.origin, m.dest, to_move_)) {
      ++borne_off_[to_move_];
      --on_board_[to_move_];
    }
  }
  to_move_ = 1 - to_move_;
  ++ply_;
  update_outcome();
}

void SteereState::update_outcome() {
  terminal_ = false;
  winner_ = kNoPlayer;
  end_reason_ = EndReason::kNone;
  // The player who just moved has won if none of their checkers is left on
  // the board (checkers only ever leave by being borne off).
  if (on_board_[1 - to_move_] == 0) {
    terminal_ = true;
    winner_ = 1 - to_move_;
    end_reason_ = EndReason::kBearOff;
  } else if (game_->max_plies() > 0 && ply_ >= game_->max_plies()) {
    terminal_ = true;
    end_reason_ = EndReason::kCap;
  }
}

uint64_t SteereState::hash() const {
  // Everything in the state: board, side to move, the ply (it decides the
  // future near the cap) and the borne-off counts (shown, never decisive).
  uint64_t h = splitmix64(0x100000 + static_cast<uint64_t>(to_move_));
  h ^= splitmix64((uint64_t{1} << 40) | static_cast<uint64_t>(ply_));
  h ^= splitmix64((uint64_t{2} << 40) | (static_cast<uint64_t>(borne_off_[kRed]) << 20) |
                  static_cast<uint64_t>(borne_off_[kBlue]));
  for (int c = 0; c < game_->grid().num_cells(); ++c)
    if (!board_.empty(c))
      h ^= splitmix64((static_cast<uint64_t>(c) * 2 + board_.owner[c]) * 256 + board_.height[c]);
  return h;
}

}  // namespace inchzero::steere
