#include "core/games/steere_inchworm/worms.h"

#include <algorithm>

namespace inchzero::steere {
namespace {

// Like-coloured orthogonal neighbours of the stack on c.
int like_neighbours(const Grid& grid, const Board& board, int c) {
  int n = 0;
  for (int d = 0; d < kNumOrthDirections; ++d) {
    const int x = grid.step(c, d);
    if (x >= 0 && board.owner[x] == board.owner[c]) ++n;
  }
  return n;
}

// A simple path: every stack has at most two like neighbours and the edges
// number one less than the squares (so no loop).
bool is_path(const Grid& grid, const Board& board, const std::vector<int>& cells) {
  int degree_sum = 0;
  for (int c : cells) {
    const int n = like_neighbours(grid, board, c);
    if (n > 2) return false;
    degree_sum += n;
  }
  return degree_sum / 2 == static_cast<int>(cells.size()) - 1;
}

}  // namespace

std::vector<int> group_of(const Grid& grid, const Board& board, int c) {
  const int player = board.owner[c];
  std::vector<int> cells{c};
  std::array<bool, kMaxCells> seen{};
  seen[c] = true;
  for (size_t i = 0; i < cells.size(); ++i) {
    for (int d = 0; d < kNumOrthDirections; ++d) {
      const int x = grid.step(cells[i], d);
      if (x >= 0 && !seen[x] && board.owner[x] == player) {
        seen[x] = true;
        cells.push_back(x);
      }
    }
  }
  std::sort(cells.begin(), cells.end());
  return cells;
}

bool group_is_worm(const Grid& grid, const Board& board, int c) {
  return is_path(grid, board, group_of(grid, board, c));
}

Worm worm_of(const Grid& grid, const Board& board, int c) {
  Worm worm;
  worm.cells = group_of(grid, board, c);
  worm.length = static_cast<int>(worm.cells.size());
  if (worm.length == 1) {
    worm.head = c;
    return worm;
  }
  // 1. The ends are the squares with a single like neighbour.
  int ends[2] = {-1, -1}, found = 0;
  for (int x : worm.cells)
    if (like_neighbours(grid, board, x) == 1 && found < 2) ends[found++] = x;
  // 2. Head: further forward, else further right, in the owner's frame.
  const Frame frame(grid, board.owner[c]);
  auto rank_then_file = [&](int x) {
    return std::make_pair(frame.forward_of(x), frame.right_of(x));
  };
  const bool first_is_head = rank_then_file(ends[0]) > rank_then_file(ends[1]);
  worm.head = first_is_head ? ends[0] : ends[1];
  worm.tail = first_is_head ? ends[1] : ends[0];
  return worm;
}

bool find_worms(const Grid& grid, const Board& board, int player, std::vector<Worm>* worms,
                std::string* why) {
  worms->clear();
  std::array<bool, kMaxCells> seen{};
  for (int c = 0; c < grid.num_cells(); ++c) {
    if (board.owner[c] != player || seen[c]) continue;
    const std::vector<int> cells = group_of(grid, board, c);
    for (int x : cells) seen[x] = true;
    if (!is_path(grid, board, cells)) {
      if (why)
        *why = "the group at " + grid.square_name(c) + " is not a worm (it branches or loops)";
      return false;
    }
    worms->push_back(worm_of(grid, board, c));
  }
  return true;
}

}  // namespace inchzero::steere
