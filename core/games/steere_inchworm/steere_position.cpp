// Position notation and displays of Steere's Inchworm.
//
// Position notation (five space-separated fields, like FEN):
//   <rows> <side> <red_off> <blue_off> <ply>
//   rows      the ranks from the top (highest) down to rank 1, separated by
//             '/'; in each, from file a, one token per square: `.` empty,
//             `r` or `b` a single Red or Blue checker, `r3` / `b12` a stack
//             of that height (2 or more);
//   side      `r` or `b`, the colour to move;
//   red_off   Red's checkers borne off so far; blue_off likewise;
//   ply       plies played so far (for max_plies).
// Every group must be a worm, the side to move must have a checker on the
// board (a player without one has won).
// Example, the 3 x 3 start: "rbr/brb/rbr r 0 0 0".
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/games/steere_inchworm/steere_state.h"
#include "core/words.h"

namespace inchzero::steere {
namespace {

// A count field: digits, no sign, no leading zero, at most 7 digits.
bool parse_count(const std::string& text, int* value) {
  if (text.empty() || text.size() > 7 ||
      text.find_first_not_of("0123456789") != std::string::npos ||
      (text.size() > 1 && text[0] == '0'))
    return false;
  *value = std::stoi(text);
  return true;
}

std::string stack_token(const Board& board, int c) {
  if (board.empty(c)) return ".";
  std::string t(1, board.owner[c] == kRed ? 'r' : 'b');
  if (board.height[c] > 1) t += std::to_string(board.height[c]);
  return t;
}

}  // namespace

std::string SteereState::to_position() const {
  const Grid& grid = game_->grid();
  std::string out;
  for (int r = grid.height() - 1; r >= 0; --r) {
    for (int f = 0; f < grid.width(); ++f) out += stack_token(board_, grid.cell(f, r));
    if (r > 0) out += '/';
  }
  out += to_move_ == kRed ? " r " : " b ";
  return out + std::to_string(borne_off_[kRed]) + " " + std::to_string(borne_off_[kBlue]) + " " +
         std::to_string(ply_);
}

std::unique_ptr<State> SteereGame::state_from_position(const std::string& text) const {
  auto fail = [&](const std::string& why) {
    return GameError("bad steere-inchworm position '" + text + "': " + why);
  };
  std::istringstream in(text);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() != 5)
    throw fail("expected 5 fields '<rows> <side r|b> <red_off> <blue_off> <ply>', got " +
               std::to_string(fields.size()));

  // 1. The board, top rank first.
  Board board;
  const std::vector<std::string> rows = split_at(fields[0], '/');
  if (static_cast<int>(rows.size()) != grid_.height())
    throw fail(std::to_string(rows.size()) + " rows for a board of height " +
               std::to_string(grid_.height()));
  for (int i = 0; i < grid_.height(); ++i) {
    const int rank = grid_.height() - 1 - i;
    const std::string rank_name = "rank " + std::to_string(rank + 1);
    const std::string& row = rows[i];
    int file = 0;
    for (size_t k = 0; k < row.size(); ++file) {
      if (file >= grid_.width()) throw fail(rank_name + " is too long");
      const char ch = row[k++];
      if (ch == '.') continue;
      if (ch != 'r' && ch != 'b')
        throw fail(std::string("unexpected '") + ch + "' in " + rank_name +
                   " (use ., r, b, r<height>, b<height>)");
      size_t end = k;
      while (end < row.size() && row[end] >= '0' && row[end] <= '9') ++end;
      int height = 1;
      if (end > k) {
        const std::string digits = row.substr(k, end - k);
        if (!parse_count(digits, &height) || height < 2 || height > 255)
          throw fail("bad stack height '" + digits + "' in " + rank_name + " (2..255)");
      }
      k = end;
      const int c = grid_.cell(file, rank);
      for (int h = 0; h < height; ++h) board.push(c, ch == 'r' ? kRed : kBlue);
    }
    if (file != grid_.width())
      throw fail(rank_name + " has " + std::to_string(file) + " squares, the board is " +
                 std::to_string(grid_.width()) + " wide");
  }

  // 2. Side to move and counters.
  if (fields[1] != "r" && fields[1] != "b") throw fail("side to move must be r or b");
  const int to_move = fields[1] == "r" ? kRed : kBlue;
  int off_red = 0, off_blue = 0, ply = 0;
  if (!parse_count(fields[2], &off_red)) throw fail("red_off must be a count");
  if (!parse_count(fields[3], &off_blue)) throw fail("blue_off must be a count");
  if (!parse_count(fields[4], &ply)) throw fail("ply must be a count");

  // 3. Every group a worm; the side to move still has checkers.
  for (int player : {kRed, kBlue}) {
    std::vector<Worm> worms;
    std::string why;
    if (!find_worms(grid_, board, player, &worms, &why)) throw fail(why);
  }
  bool has_checker = false;
  for (int c = 0; c < grid_.num_cells(); ++c) has_checker |= board.owner[c] == to_move;
  if (!has_checker)
    throw fail("the side to move has no checker on the board (it would have won already)");

  auto state = std::make_unique<SteereState>(shared_from_this());
  state->set_position(board, to_move, off_red, off_blue, ply);
  return state;
}

std::string SteereState::to_text() const {
  // Ranks top down, three columns per square: `r`/`b` and the height if > 1.
  const Grid& grid = game_->grid();
  std::ostringstream out;
  for (int r = grid.height() - 1; r >= 0; --r) {
    out << (r + 1 < 10 ? " " : "") << r + 1 << ' ';
    for (int f = 0; f < grid.width(); ++f) {
      std::string t = stack_token(board_, grid.cell(f, r));
      t.resize(3, ' ');
      out << t;
    }
    out << '\n';
  }
  out << "   ";
  for (int f = 0; f < grid.width(); ++f) out << static_cast<char>('a' + f) << "  ";
  out << "\nborne off: Red " << borne_off_[kRed] << ", Blue " << borne_off_[kBlue] << "; ply "
      << ply_ << "\n";
  if (terminal_) {
    out << "game over (" << to_string(end_reason_) << "): "
        << (winner_ == kNoPlayer ? "draw"
            : winner_ == kRed    ? "Red wins"
                                 : "Blue wins")
        << "\n";
  } else {
    out << (to_move_ == kRed ? "Red" : "Blue") << " to move\n";
  }
  return out.str();
}

nlohmann::json SteereState::to_json() const {
  const Grid& grid = game_->grid();
  nlohmann::json cells = nlohmann::json::object();
  for (int c = 0; c < grid.num_cells(); ++c)  // occupied squares only: [player, height]
    if (!board_.empty(c))
      cells[grid.square_name(c)] = {int{board_.owner[c]}, int{board_.height[c]}};
  nlohmann::json worm_list = nlohmann::json::array();
  for (int player : {kRed, kBlue}) {
    for (const Worm& w : worms(player)) {
      const nlohmann::json tail =
          w.tail < 0 ? nlohmann::json(nullptr) : nlohmann::json(grid.square_name(w.tail));
      worm_list.push_back({{"player", player},
                           {"head", grid.square_name(w.head)},
                           {"tail", tail},
                           {"length", w.length}});
    }
  }
  nlohmann::json j;
  j["game"] = "steere-inchworm";
  j["rules"] = game_->options().label();
  j["width"] = grid.width();
  j["height"] = grid.height();
  j["to_move"] = to_move_;
  j["cells"] = cells;
  j["terminal"] = terminal_;
  j["winner"] = winner_ == kNoPlayer ? nlohmann::json(nullptr) : nlohmann::json(winner_);
  j["end_reason"] = terminal_ ? nlohmann::json(to_string(end_reason_)) : nlohmann::json(nullptr);
  j["ply"] = ply_;
  j["players"] = {"red", "blue"};
  j["borne_off"] = {borne_off_[kRed], borne_off_[kBlue]};
  j["worms"] = worm_list;
  j["position"] = to_position();
  return j;
}

}  // namespace inchzero::steere
