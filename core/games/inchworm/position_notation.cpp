// Position notation (docs/rules/inchworm.md "Position notation"), FEN-like:
//   <ranks> <side> <stocks> <prisoners> <scores> <ply> <since-capture> <passes>
// e.g. "8/8/8/8/8/8/8/8 r 25,25 0,0 0,0 0 0 0". Ranks run from the top rank
// down, separated by '/'; inside a rank, comma-separated tokens: `R3`/`B1` a
// stack (colour, height), a number a run of empty squares. Pairs are
// "red,blue"; prisoners are those held by red, then by blue.
#include <sstream>

#include "core/games/inchworm/inchworm_state.h"

namespace inchzero::inchworm {
namespace {

[[noreturn]] void fail(const std::string& what) { throw GameError("bad position: " + what); }

int parse_count(const std::string& text, const std::string& what) {
  if (text.empty() || text.size() > 7 || text.find_first_not_of("0123456789") != std::string::npos)
    fail(what + " must be a number >= 0, not '" + text + "'");
  return std::stoi(text);
}

void parse_pair(const std::string& text, const std::string& what, int out[2]) {
  const auto comma = text.find(',');
  if (comma == std::string::npos)
    fail(what + " must be written red,blue (e.g. 25,25), not '" + text + "'");
  out[0] = parse_count(text.substr(0, comma), what);
  out[1] = parse_count(text.substr(comma + 1), what);
}

// One rank's text into `pos` at rank `rank`.
void parse_rank(const std::string& text, int rank, const Geometry& geo, Position& pos) {
  const std::string where = "rank " + std::to_string(rank + 1);
  int file = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ',') {
      ++i;
      continue;
    }
    const char lead = text[i];
    size_t j = (lead == 'R' || lead == 'B') ? i + 1 : i;
    size_t digits_end = j;
    while (digits_end < text.size() && isdigit(static_cast<unsigned char>(text[digits_end])))
      ++digits_end;
    if (digits_end == j)
      fail(where + ": unexpected '" + std::string(1, text[i]) +
           "' (expected R<height>, B<height> or a number of empty squares)");
    const int n = parse_count(text.substr(j, digits_end - j), where);
    if (lead == 'R' || lead == 'B') {
      if (n < 1) fail(where + ": a stack has height >= 1");
      if (n > 60000) fail(where + ": stack height " + std::to_string(n) + " is too large");
      if (file >= geo.width())
        fail(where + " has more than " + std::to_string(geo.width()) + " squares");
      pos.set_stack(geo.cell(file, rank), lead == 'R' ? kRed : kBlue, n);
      ++file;
    } else {
      if (n < 1) fail(where + ": an empty run is at least 1 square");
      file += n;
    }
    if (file > geo.width())
      fail(where + " has more than " + std::to_string(geo.width()) + " squares");
    i = digits_end;
  }
  if (file != geo.width())
    fail(where + " has " + std::to_string(file) + " squares, expected " +
         std::to_string(geo.width()));
}

}  // namespace

std::unique_ptr<InchwormState> InchwormGame::new_state_from_position(
    const std::string& text) const {
  std::istringstream in(text);
  std::vector<std::string> fields;
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 5 || fields.size() > 8)
    fail(
        "expected '<ranks> <r|b> <stocks> <prisoners> <scores> [<ply> <since-capture> "
        "<passes>]', got " +
        std::to_string(fields.size()) + " fields");
  // 1. Board.
  std::vector<std::string> ranks;
  {
    std::string r;
    std::istringstream rows(fields[0]);
    while (std::getline(rows, r, '/')) ranks.push_back(r);
    if (!fields[0].empty() && fields[0].back() == '/') ranks.push_back("");
  }
  if (static_cast<int>(ranks.size()) != geometry_.height())
    fail("the board has " + std::to_string(ranks.size()) + " ranks, expected " +
         std::to_string(geometry_.height()) + " (ranks separated by '/', top rank first)");
  Position pos;
  for (int i = 0; i < geometry_.height(); ++i)
    parse_rank(ranks[i], geometry_.height() - 1 - i, geometry_, pos);
  // 2. Side to move and counters.
  if (fields[1] != "r" && fields[1] != "b")
    fail("side to move must be 'r' (Red) or 'b' (Blue), not '" + fields[1] + "'");
  pos.set_to_move(fields[1] == "r" ? kRed : kBlue);
  int pair[2];
  parse_pair(fields[2], "stocks", pair);
  for (int p = 0; p < 2; ++p) pos.set_stock(p, pair[p]);
  parse_pair(fields[3], "prisoners", pair);
  for (int p = 0; p < 2; ++p) pos.set_prisoners(p, pair[p]);
  parse_pair(fields[4], "scores", pair);
  for (int p = 0; p < 2; ++p) pos.set_score(p, pair[p]);
  const int ply = fields.size() > 5 ? parse_count(fields[5], "ply") : 0;
  const int since = fields.size() > 6 ? parse_count(fields[6], "plies since capture") : 0;
  const int passes = fields.size() > 7 ? parse_count(fields[7], "passes in a row") : 0;
  if (passes > 2) fail("passes in a row must be 0, 1 or 2");
  return std::make_unique<InchwormState>(shared_from_this(), pos, ply, since, passes);
}

std::string InchwormState::to_position() const {
  const Geometry& geo = geometry();
  std::string out;
  for (int rank = geo.height() - 1; rank >= 0; --rank) {
    std::string row;
    int run = 0;
    auto token = [&](const std::string& t) { row += (row.empty() ? "" : ",") + t; };
    for (int file = 0; file < geo.width(); ++file) {
      const int c = geo.cell(file, rank);
      if (pos_.owner(c) == kEmpty) {
        ++run;
        continue;
      }
      if (run) token(std::to_string(run));
      run = 0;
      token((pos_.owner(c) == kRed ? "R" : "B") + std::to_string(pos_.height(c)));
    }
    if (run) token(std::to_string(run));
    out += row + (rank ? "/" : "");
  }
  auto pair = [](int a, int b) { return std::to_string(a) + "," + std::to_string(b); };
  out += pos_.to_move() == kRed ? " r " : " b ";
  out += pair(pos_.stock(kRed), pos_.stock(kBlue)) + " " +
         pair(pos_.prisoners(kRed), pos_.prisoners(kBlue)) + " " +
         pair(pos_.score(kRed), pos_.score(kBlue)) + " " + std::to_string(ply_) + " " +
         std::to_string(plies_since_capture_) + " " + std::to_string(pass_streak_);
  return out;
}

}  // namespace inchzero::inchworm
