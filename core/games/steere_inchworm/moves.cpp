#include "core/games/steere_inchworm/moves.h"

#include <algorithm>

#include "core/games/steere_inchworm/worms.h"

namespace inchzero::steere {
namespace {

// The absolute direction of a head-relative target in `frame`.
int direction_of(const Frame& frame, Target target) {
  switch (target) {
    case kHeadForward:
      return frame.forward_dir();
    case kHeadRight:
      return frame.right_dir();
    case kHeadBack:
      return frame.back_dir();
    default:
      return frame.left_dir();
  }
}

// Collects candidate moves and keeps only legal ones, each pair once.
class MoveCollector {
 public:
  MoveCollector(const Grid& grid, const Board& board, int player)
      : grid_(grid), board_(board), player_(player) {}

  void add(int origin, int dest, Target target) {
    for (const WormMove& m : moves_)
      if (m.origin == origin && m.dest == dest) return;  // one move per pair
    if (!keeps_worms(origin, dest)) return;
    moves_.push_back({origin, dest, target});
  }

  std::vector<WormMove> sorted() {
    const Frame frame(grid_, player_);
    std::sort(moves_.begin(), moves_.end(), [&](const WormMove& a, const WormMove& b) {
      return std::make_pair(frame.to_frame(a.origin), a.target) <
             std::make_pair(frame.to_frame(b.origin), b.target);
    });
    return moves_;
  }

 private:
  // Removing a checker never breaks a worm (a path minus an end, or minus a
  // stack that stays occupied, is still a path), and moves onto the head or
  // off the board add no square; only a checker placed on an empty square can
  // join groups into something that is not a worm.
  bool keeps_worms(int origin, int dest) const {
    if (dest == kOffBoard || !board_.empty(dest)) return true;
    Board after = board_;
    move_checker(after, origin, dest, player_);
    return group_is_worm(grid_, after, dest);
  }

  const Grid& grid_;
  const Board& board_;
  int player_;
  std::vector<WormMove> moves_;
};

}  // namespace

int destination(const Grid& grid, const Board& board, int origin, Target target) {
  const Worm worm = worm_of(grid, board, origin);
  if (target == kOntoHead) return worm.head;
  const Frame frame(grid, board.owner[origin]);
  if (target == kOff)
    return frame.on_far_rank(worm.head) || frame.on_right_file(worm.head) ? kOffBoard : -2;
  const int dest = grid.step(worm.head, direction_of(frame, target));
  return dest >= 0 ? dest : -2;
}

bool move_checker(Board& board, int origin, int dest, int player) {
  board.pop(origin);
  if (dest == kOffBoard) return true;
  board.push(dest, player);
  return false;
}

std::vector<WormMove> generate_moves(const Grid& grid, const Board& board, int player) {
  const Frame frame(grid, player);
  MoveCollector out(grid, board, player);
  std::vector<Worm> worms;
  find_worms(grid, board, player, &worms, nullptr);
  for (const Worm& worm : worms) {
    const int head = worm.head;
    if (worm.length == 1) {
      // 3. A lone stack: one square forward or right, or off from the far
      // rank / right file.
      for (Target t : {kHeadForward, kHeadRight}) {
        const int to = grid.step(head, direction_of(frame, t));
        if (to >= 0 && board.empty(to))
          out.add(head, to, t);
        else if (to < 0)
          out.add(head, kOffBoard, kOff);
      }
      continue;
    }
    const int tail = worm.tail;
    // 1 and 2. Onto the head: big stacks of body and tail, or a single tail.
    for (int c : worm.cells)
      if (c != head && (board.height[c] >= 2 || c == tail)) out.add(c, head, kOntoHead);
    // 4 and 5. The squares next to the head that lie forward of the tail's
    // rank or right of its file, and the virtual square off the far (right)
    // edge when the head is on the far rank (right file).
    std::vector<std::pair<int, Target>> targets;
    for (Target t : {kHeadForward, kHeadRight, kHeadBack, kHeadLeft}) {
      const int to = grid.step(head, direction_of(frame, t));
      if (to < 0 || !board.empty(to)) continue;
      if (frame.forward_of(to) > frame.forward_of(tail) ||
          frame.right_of(to) > frame.right_of(tail))
        targets.push_back({to, t});
    }
    if (frame.on_far_rank(head) || frame.on_right_file(head)) targets.push_back({kOffBoard, kOff});
    for (int c : worm.cells) {
      if (board.height[c] < 2 && c != tail) continue;  // big stacks (4) and the tail (5)
      for (const auto& [to, t] : targets) out.add(c, to, t);
    }
  }
  return out.sorted();
}

}  // namespace inchzero::steere
