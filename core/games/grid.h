// A plain rectangular board of squares (no wrapping), shared by the games
// whose boards are simple grids (Invector, Steere's Inchworm): square
// indices, orthogonal steps, mirror images and the "a1" square names.
#pragma once

#include <cstdint>
#include <string>

namespace inchzero {

// Orthogonal directions, clockwise from north. North = toward higher ranks,
// east = toward higher files. Opposite of d is (d + 2) % 4.
enum Direction : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };
constexpr int kNumOrthDirections = 4;

class Grid {
 public:
  // Largest side a square name can express here (files a..z).
  static constexpr int kMaxSide = 26;

  // width, height >= 1 and <= kMaxSide (callers validate first).
  Grid(int width, int height) : width_(width), height_(height) {}

  int width() const { return width_; }
  int height() const { return height_; }
  int num_cells() const { return width_ * height_; }
  // Square index = rank * width + file, both 0-based (a1 = 0).
  int cell(int file, int rank) const { return rank * width_ + file; }
  int file_of(int c) const { return c % width_; }
  int rank_of(int c) const { return c / width_; }

  // The square one step from c in direction d, or -1 beyond the edge.
  int step(int c, int d) const;

  // Mirror images: files reversed (a <-> last file), ranks reversed.
  int mirror_files(int c) const { return cell(width_ - 1 - file_of(c), rank_of(c)); }
  int mirror_ranks(int c) const { return cell(file_of(c), height_ - 1 - rank_of(c)); }

  // "a1" (file letter, rank number from 1).
  std::string square_name(int c) const;
  // The square named by `text` exactly (lower-case file letter, rank without
  // leading zeros), or -1 if `text` names no square of this board.
  int parse_square(const std::string& text) const;

 private:
  int width_, height_;
};

}  // namespace inchzero
