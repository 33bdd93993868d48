// The moves of Steere's Inchworm (RULINGS §3), found worm by worm:
//   1. the top checker of a big stack on the body or tail onto the head;
//   2. a single tail onto the head;
//   3. a lone stack's top checker (a lone single: itself) one square forward
//      or right;
//   4. (length >= 2) the top checker of any big stack to a square adjacent to
//      the head that is forward of the tail's rank or right of its file;
//   5. (length >= 2) a single tail likewise (judged on the squares before it
//      is picked up).
// Moves 3-5 go to an empty square or off the board: beyond the far edge
// (forward from the far rank) or the right edge (right from the right file).
// After the move every group of the mover must be a worm. Two ways to the
// same origin and destination are one move.
#pragma once

#include <vector>

#include "core/games/steere_inchworm/board.h"

namespace inchzero::steere {

constexpr int kOffBoard = -1;

// Where a move goes, relative to the head of the moving checker's worm, in
// the mover's frame. This is also the second factor of the action space.
enum Target : int {
  kOntoHead = 0,
  kHeadForward = 1,
  kHeadRight = 2,
  kHeadBack = 3,
  kHeadLeft = 4,
  kOff = 5,
};
constexpr int kNumTargets = 6;

struct WormMove {
  int origin = -1;
  int dest = kOffBoard;  // a square, or kOffBoard (borne off)
  Target target = kOff;
};

// Every legal move of `player`, each (origin, dest) pair once, sorted by
// (origin in the player's frame, target) — the order of their actions.
// Assumes every group of `player` is a worm.
std::vector<WormMove> generate_moves(const Grid& grid, const Board& board, int player);

// The destination of the move from `origin` to `target` (relative to the head
// of origin's worm), or -2 if that target does not exist there (off the
// board on a side that is not the far or right edge). Does not check legality.
int destination(const Grid& grid, const Board& board, int origin, Target target);

// Apply a move of the checker on top of `origin` (no legality check).
// Returns true if the checker was borne off.
bool move_checker(Board& board, int origin, int dest, int player);

}  // namespace inchzero::steere
