// Position notation and displays of Invector.
//
// Position notation (four space-separated fields, like FEN):
//   <rows> <side> <pie> <ply>
//   rows  the ranks from the top (highest) down to rank 1, separated by '/';
//         in each, from file a: `b` Black stone, `w` White stone, a number
//         1..16 for that many empty pits;
//   side  `b` or `w`, the colour to move;
//   pie   `p` while White's first turn (and with it the swap) is still to
//         come, `-` otherwise (always `-` with pie: false);
//   ply   plies played so far (for max_plies).
// Example, the 5 x 4 start: "wbwbw/bwbwb/wbwbw/bwbwb b p 0".
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/games/invector/invector_state.h"
#include "core/words.h"

namespace inchzero::invector {
namespace {

char stone_char(int owner) { return owner == kBlack ? 'b' : 'w'; }

}  // namespace

std::string InvectorState::to_position() const {
  const Grid& grid = game_->grid();
  std::string out;
  for (int r = grid.height() - 1; r >= 0; --r) {
    int empties = 0;
    for (int f = 0; f < grid.width(); ++f) {
      const int owner = board_[grid.cell(f, r)];
      if (owner == kNoStone) {
        ++empties;
        continue;
      }
      if (empties) out += std::to_string(empties);
      empties = 0;
      out += stone_char(owner);
    }
    if (empties) out += std::to_string(empties);
    if (r > 0) out += '/';
  }
  out += to_move_ == kBlack ? " b " : " w ";
  out += pie_pending_ ? "p " : "- ";
  return out + std::to_string(ply_);
}

std::unique_ptr<State> InvectorGame::state_from_position(const std::string& text) const {
  auto fail = [&](const std::string& why) {
    return GameError("bad invector position '" + text + "': " + why);
  };
  std::istringstream in(text);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() != 4)
    throw fail("expected 4 fields '<rows> <side b|w> <pie p|-> <ply>', got " +
               std::to_string(fields.size()));

  // 1. The board, top rank first.
  std::array<int8_t, InvectorState::kMaxCells> board{};
  board.fill(kNoStone);
  const std::vector<std::string> rows = split_at(fields[0], '/');
  if (static_cast<int>(rows.size()) != grid_.height())
    throw fail(std::to_string(rows.size()) + " rows for a board of height " +
               std::to_string(grid_.height()));
  for (int i = 0; i < grid_.height(); ++i) {
    const int rank = grid_.height() - 1 - i;
    int file = 0;
    const std::string& row = rows[i];
    for (size_t k = 0; k < row.size(); ++k) {
      const char ch = row[k];
      if (ch == 'b' || ch == 'w') {
        if (file >= grid_.width()) throw fail("rank " + std::to_string(rank + 1) + " is too long");
        board[grid_.cell(file++, rank)] = ch == 'b' ? kBlack : kWhite;
      } else if (ch >= '1' && ch <= '9') {
        int run = ch - '0';
        while (k + 1 < row.size() && row[k + 1] >= '0' && row[k + 1] <= '9' &&
               run <= grid_.width())  // beyond the width it is too long anyway (no overflow)
          run = run * 10 + (row[++k] - '0');
        file += run;
        if (file > grid_.width()) throw fail("rank " + std::to_string(rank + 1) + " is too long");
      } else {
        throw fail(std::string("unexpected '") + ch + "' in rank " + std::to_string(rank + 1) +
                   " (use b, w and counts of empty pits)");
      }
    }
    if (file != grid_.width())
      throw fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                 " pits, the board is " + std::to_string(grid_.width()) + " wide");
  }

  // 2. Side to move, pie flag, ply.
  if (fields[1] != "b" && fields[1] != "w") throw fail("side to move must be b or w");
  const int to_move = fields[1] == "b" ? kBlack : kWhite;
  if (fields[2] != "p" && fields[2] != "-") throw fail("pie field must be p or -");
  const bool pie_pending = fields[2] == "p";
  if (pie_pending && !pie_) throw fail("pie field 'p' but this rule set has pie: false");
  const std::string& ply_text = fields[3];
  if (ply_text.empty() || ply_text.size() > 7 ||
      ply_text.find_first_not_of("0123456789") != std::string::npos ||
      (ply_text.size() > 1 && ply_text[0] == '0'))
    throw fail("ply must be a number from 0 to 9999999");

  // 3. Only the side to move can be without stones (it has just lost them).
  int count[2] = {0, 0};
  for (int c = 0; c < grid_.num_cells(); ++c)
    if (board[c] != kNoStone) ++count[board[c]];
  if (count[1 - to_move] == 0)
    throw fail("the side not to move has no stones (it would have lost before moving)");

  auto state = std::make_unique<InvectorState>(shared_from_this());
  state->set_position(board, to_move, pie_pending, std::stoi(ply_text));
  return state;
}

std::string InvectorState::to_text() const {
  // Ranks top down; `+` marks an empty centre pit, `.` another empty pit.
  const Grid& grid = game_->grid();
  std::ostringstream out;
  for (int r = grid.height() - 1; r >= 0; --r) {
    out << (r + 1 < 10 ? " " : "") << r + 1;
    for (int f = 0; f < grid.width(); ++f) {
      const int c = grid.cell(f, r);
      const bool centre = c == game_->centre_pit(0) || c == game_->centre_pit(1);
      out << ' ' << (board_[c] != kNoStone ? stone_char(board_[c]) : centre ? '+' : '.');
    }
    out << '\n';
  }
  out << "  ";  // the letters stand under the cells: the rank label is 2 wide
  for (int f = 0; f < grid.width(); ++f) out << ' ' << static_cast<char>('a' + f);
  out << "\nBlack " << stones_[kBlack] << " stones, White " << stones_[kWhite] << " stones; ply "
      << ply_ << "\n";
  if (terminal_) {
    out << "game over (" << to_string(end_reason_) << "): "
        << (winner_ == kNoPlayer ? "draw"
            : winner_ == kBlack  ? "Black wins"
                                 : "White wins")
        << "\n";
  } else {
    out << (to_move_ == kBlack ? "Black" : "White") << " to move"
        << (swap_available() ? " (may swap)" : "") << "\n";
  }
  return out.str();
}

nlohmann::json InvectorState::to_json() const {
  const Grid& grid = game_->grid();
  nlohmann::json cells = nlohmann::json::object();
  for (int c = 0; c < grid.num_cells(); ++c)  // occupied pits only: "a1": colour
    if (board_[c] != kNoStone) cells[grid.square_name(c)] = int{board_[c]};
  nlohmann::json j;
  j["game"] = "invector";
  j["rules"] = game_->options().label();
  j["width"] = grid.width();
  j["height"] = grid.height();
  j["to_move"] = to_move_;
  j["cells"] = cells;
  j["terminal"] = terminal_;
  j["winner"] = winner_ == kNoPlayer ? nlohmann::json(nullptr) : nlohmann::json(winner_);
  j["end_reason"] = terminal_ ? nlohmann::json(to_string(end_reason_)) : nlohmann::json(nullptr);
  j["ply"] = ply_;
  j["players"] = {"black", "white"};
  j["stones"] = {stones_[kBlack], stones_[kWhite]};
  j["centre_pits"] = {grid.square_name(game_->centre_pit(0)),
                      grid.square_name(game_->centre_pit(1))};
  j["pie_pending"] = pie_pending_;
  j["swap_available"] = swap_available();
  j["position"] = to_position();
  return j;
}

}  // namespace inchzero::invector
