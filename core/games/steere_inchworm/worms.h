// Worm recognition. A group (maximal orthogonally connected set of one
// player's stacks) is a worm when it is a simple path: every stack has at most
// two like-coloured neighbours and there is no loop. Its ends are the head
// (the end further forward in the owner's frame; on the same rank, the end
// further right) and the tail; a lone stack is a worm of length one with a
// head only.
#pragma once

#include <string>
#include <vector>

#include "core/games/steere_inchworm/board.h"

namespace inchzero::steere {

struct Worm {
  int head = -1;
  int tail = -1;           // -1 for a worm of length one
  int length = 0;          // squares, whatever the heights
  std::vector<int> cells;  // every square of the worm, ascending
};

// The squares of the group holding c (c must be occupied), ascending.
std::vector<int> group_of(const Grid& grid, const Board& board, int c);

// True when the group holding c (occupied) is a worm.
bool group_is_worm(const Grid& grid, const Board& board, int c);

// The worm holding c, with head and tail judged in its owner's frame. The
// group holding c must be a worm.
Worm worm_of(const Grid& grid, const Board& board, int c);

// Every worm of `player`, in order of their lowest square. If a group of
// that player is not a worm, returns false and says where in `why`.
bool find_worms(const Grid& grid, const Board& board, int player, std::vector<Worm>* worms,
                std::string* why);

}  // namespace inchzero::steere
