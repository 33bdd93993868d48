// The contents of a Steere's Inchworm board and each player's frame of
// reference ("forward", "right").
#pragma once

#include <array>
#include <cstdint>

#include "core/games/grid.h"

namespace inchzero::steere {

constexpr int kRed = 0, kBlue = 1;
constexpr int kEmpty = -1;
constexpr int kMaxCells = 16 * 16;

// Stacks of one colour on squares. Plain value type.
struct Board {
  std::array<int8_t, kMaxCells> owner;    // kRed, kBlue or kEmpty
  std::array<uint8_t, kMaxCells> height;  // 0 on empty squares

  Board() {
    owner.fill(kEmpty);
    height.fill(0);
  }
  bool empty(int c) const { return owner[c] == kEmpty; }
  // Add one checker of `player` on c (c empty or holding `player`'s stack).
  void push(int c, int player) {
    owner[c] = static_cast<int8_t>(player);
    ++height[c];
  }
  // Remove the top checker of the stack on c.
  void pop(int c) {
    if (--height[c] == 0) owner[c] = kEmpty;
  }
};

// A player's frame. Red: forward = north (higher ranks), right = east
// (higher files). Blue sits on the other side: forward = south, right = west.
class Frame {
 public:
  Frame(const Grid& grid, int player) : grid_(&grid), player_(player) {}

  // How far forward rank r is for this player (0 = own back rank).
  int forward_rank(int r) const { return player_ == kRed ? r : grid_->height() - 1 - r; }
  // How far right file f is for this player (0 = own left file).
  int right_file(int f) const { return player_ == kRed ? f : grid_->width() - 1 - f; }
  int forward_of(int c) const { return forward_rank(grid_->rank_of(c)); }
  int right_of(int c) const { return right_file(grid_->file_of(c)); }

  // Absolute directions (core/games/grid.h) of the player's four.
  int forward_dir() const { return player_ == kRed ? kNorth : kSouth; }
  int right_dir() const { return player_ == kRed ? kEast : kWest; }
  int back_dir() const { return (forward_dir() + 2) % 4; }
  int left_dir() const { return (right_dir() + 2) % 4; }

  // Is c on the player's far rank / right file (the edges checkers leave by)?
  bool on_far_rank(int c) const { return forward_of(c) == grid_->height() - 1; }
  bool on_right_file(int c) const { return right_of(c) == grid_->width() - 1; }

  // The square c as the player sees it: the board turned half round for
  // Blue, so that both players' forward is "up" and right is "right".
  int to_frame(int c) const { return player_ == kRed ? c : grid_->num_cells() - 1 - c; }
  // to_frame is its own inverse.
  int from_frame(int c) const { return to_frame(c); }

 private:
  const Grid* grid_;
  int player_;
};

}  // namespace inchzero::steere
