// Move notation of Invector: `c3-c4` (a step onto an empty pit), `c3xd3` (a
// capture), `swap`, `pass`. The parser accepts exactly these forms and says
// why anything else is malformed or illegal.
#include <algorithm>

#include "core/games/invector/invector_state.h"

namespace inchzero::invector {
namespace {

const char* colour_name(int player) { return player == kBlack ? "Black" : "White"; }

}  // namespace

std::string InvectorState::move_to_string(const Move& move) const {
  if (move.size() != 1) throw GameError("invector: a move is exactly one decision");
  const Action a = move[0];
  if (a == game_->swap_action()) return "swap";
  if (a == game_->pass_action()) return "pass";
  const Grid& grid = game_->grid();
  const int from = a / 4, to = grid.step(from, a % 4);
  if (a < 0 || a > game_->pass_action() || to < 0)
    throw GameError("invector: action " + std::to_string(a) + " is not a move");
  const bool capture = board_[to] != kNoStone;
  return grid.square_name(from) + (capture ? "x" : "-") + grid.square_name(to);
}

Move InvectorState::parse_move(const std::string& text) const {
  const std::vector<Action> legal = legal_actions();
  auto legal_or_throw = [&](Action a, const std::string& why_not) {
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) throw GameError(why_not);
    return Move{a};
  };
  if (terminal_) throw GameError(std::string("the game is over (") + to_string(end_reason_) + ")");
  if (text == "swap")
    return legal_or_throw(game_->swap_action(), game_->pie()
                                                    ? "swap is only legal on White's first turn"
                                                    : "swap is not allowed (pie: false)");
  if (text == "pass")
    return legal_or_throw(game_->pass_action(),
                          "pass is only legal when the side to move has no other move");

  // 1. Shape: <square><- or x><square>.
  const Grid& grid = game_->grid();
  const size_t sep = text.find_first_of("-x");
  const std::string shape_help = "malformed move '" + text +
                                 "': expected <from>-<to> (step), <from>x<to> (capture), " +
                                 "swap or pass, e.g. c3-c4 or c3xd3";
  if (sep == std::string::npos) throw GameError(shape_help);
  const int from = grid.parse_square(text.substr(0, sep));
  const int to = grid.parse_square(text.substr(sep + 1));
  if (from < 0 || to < 0)
    throw GameError(shape_help + " (squares a1.." + grid.square_name(grid.num_cells() - 1) + ")");
  const bool capture = text[sep] == 'x';
  const std::string from_name = grid.square_name(from), to_name = grid.square_name(to);

  // 2. Geometry and ownership.
  int direction = -1;
  for (int d = 0; d < kNumOrthDirections; ++d)
    if (grid.step(from, d) == to) direction = d;
  if (direction < 0) throw GameError(to_name + " is not orthogonally adjacent to " + from_name);
  if (board_[from] != to_move_)
    throw GameError(std::string("no ") + colour_name(to_move_) + " stone on " + from_name + " (" +
                    colour_name(to_move_) + " to move)");
  if (capture && board_[to] != 1 - to_move_) throw GameError("nothing to capture on " + to_name);
  if (!capture && board_[to] == 1 - to_move_)
    throw GameError(to_name + " holds an enemy stone: write the capture as " + from_name + "x" +
                    to_name);
  if (!capture && board_[to] == to_move_) throw GameError(to_name + " holds your own stone");

  // 3. The centre rule for steps onto empty pits.
  const Action a = game_->step_action(from, direction);
  if (!capture && !step_is_legal(from, direction))
    throw GameError(to_name + " (distance " + std::to_string(game_->centre_distance(to)) +
                    ") is not closer than " + from_name + " (distance " +
                    std::to_string(game_->centre_distance(from)) + ") to the nearer centre pit " +
                    grid.square_name(game_->centre_pit(0)) + "/" +
                    grid.square_name(game_->centre_pit(1)));
  return legal_or_throw(a, "illegal move");
}

}  // namespace inchzero::invector
