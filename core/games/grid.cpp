#include "core/games/grid.h"

namespace inchzero {

int Grid::step(int c, int d) const {
  const int f = file_of(c), r = rank_of(c);
  switch (d) {
    case kNorth:
      return r + 1 < height_ ? c + width_ : -1;
    case kEast:
      return f + 1 < width_ ? c + 1 : -1;
    case kSouth:
      return r > 0 ? c - width_ : -1;
    case kWest:
      return f > 0 ? c - 1 : -1;
  }
  return -1;
}

std::string Grid::square_name(int c) const {
  return std::string(1, static_cast<char>('a' + file_of(c))) + std::to_string(rank_of(c) + 1);
}

int Grid::parse_square(const std::string& text) const {
  if (text.size() < 2 || text.size() > 3) return -1;
  const int file = text[0] - 'a';
  if (file < 0 || file >= width_) return -1;
  if (text[1] < '1' || text[1] > '9') return -1;  // no leading zero, no sign
  int rank = 0;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return -1;
    rank = rank * 10 + (text[i] - '0');
  }
  if (rank > height_) return -1;
  return cell(file, rank - 1);
}

}  // namespace inchzero
