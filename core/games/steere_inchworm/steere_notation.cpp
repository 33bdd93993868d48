// Move notation of Steere's Inchworm: origin and destination, `c3-c4`, with
// `off` for a checker borne off (`c7-off`), and `pass`.
#include <algorithm>

#include "core/games/steere_inchworm/steere_state.h"

namespace inchzero::steere {
namespace {

const char* colour_name(int player) { return player == kRed ? "Red" : "Blue"; }

}  // namespace

std::string SteereState::move_to_string(const Move& move) const {
  if (move.size() != 1) throw GameError("steere-inchworm: a move is exactly one decision");
  if (move[0] == game_->pass_action()) return "pass";
  if (move[0] < 0 || move[0] > game_->pass_action())
    throw GameError("steere-inchworm: action " + std::to_string(move[0]) + " is not a move");
  const WormMove m = move_of(move[0]);
  const Grid& grid = game_->grid();
  return grid.square_name(m.origin) + "-" +
         (m.dest == kOffBoard ? "off" : grid.square_name(m.dest));
}

Move SteereState::parse_move(const std::string& text) const {
  if (terminal_) throw GameError(std::string("the game is over (") + to_string(end_reason_) + ")");
  const std::vector<WormMove> moves = worm_moves();
  if (text == "pass") {
    if (!moves.empty())
      throw GameError("pass is only legal when the side to move has no move (" +
                      std::to_string(moves.size()) + " available)");
    return {game_->pass_action()};
  }
  // 1. Shape: <square>-<square> or <square>-off.
  const Grid& grid = game_->grid();
  const size_t dash = text.find('-');
  const std::string help = "malformed move '" + text +
                           "': expected <from>-<to>, <from>-off or pass, e.g. c3-c4 or c7-off";
  if (dash == std::string::npos) throw GameError(help);
  const int from = grid.parse_square(text.substr(0, dash));
  const std::string to_text = text.substr(dash + 1);
  const int to = to_text == "off" ? kOffBoard : grid.parse_square(to_text);
  if (from < 0 || (to < 0 && to_text != "off"))
    throw GameError(help + " (squares a1.." + grid.square_name(grid.num_cells() - 1) + ")");
  // 2. The mover's checker, then the move among the legal ones.
  if (board_.owner[from] != to_move_)
    throw GameError(std::string("no ") + colour_name(to_move_) + " checker on " +
                    grid.square_name(from) + " (" + colour_name(to_move_) + " to move)");
  std::string from_here;
  for (const WormMove& m : moves) {
    if (m.origin != from) continue;
    if (m.dest == to) return {action_of(m)};
    from_here += (from_here.empty() ? "" : ", ") +
                 (m.dest == kOffBoard ? std::string("off") : grid.square_name(m.dest));
  }
  throw GameError(text + " is not a legal move (" +
                  (from_here.empty() ? "the checker on " + grid.square_name(from) + " cannot move"
                                     : "from " + grid.square_name(from) + ": " + from_here) +
                  ")");
}

}  // namespace inchzero::steere
