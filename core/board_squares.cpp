#include "core/board_squares.h"

#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace inchzero {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The column of each file letter when `line` is a file-letter line ("a b c",
// any spacing, starting at 'a' with no gap); empty otherwise.
std::map<char, size_t> file_columns(const std::string& line) {
  std::map<char, size_t> columns;
  char expected = 'a';
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ' ') continue;
    const bool alone = i + 1 == line.size() || line[i + 1] == ' ';
    if (line[i] != expected || !alone) return {};
    columns[expected++] = i;
  }
  return columns;
}

// The rank number that starts `line` (after spaces), or 0.
int leading_rank(const std::string& line) {
  size_t i = line.find_first_not_of(' ');
  if (i == std::string::npos || !is_digit(line[i])) return 0;
  int rank = 0;
  for (; i < line.size() && is_digit(line[i]) && rank < 1000; ++i) rank = rank * 10 + line[i] - '0';
  return rank;
}

}  // namespace

std::vector<std::string> squares_named(const std::string& text, int width, int height) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    const char file = text[i];
    if (file < 'a' || file > 'z' || text[i + 1] < '1' || text[i + 1] > '9') continue;
    size_t end = i + 2;
    while (end < text.size() && is_digit(text[end]) && end - i < 3) ++end;
    // "a10" on a board of 9 ranks or fewer is a1 followed by a digit: never
    // written, but read the longest rank that is on the board.
    while (end > i + 2 && std::stoi(text.substr(i + 1, end - i - 1)) > height) --end;
    const int rank = std::stoi(text.substr(i + 1, end - i - 1));
    if (file - 'a' < width && rank <= height) out.push_back(text.substr(i, end - i));
    i = end - 1;
  }
  return out;
}

std::pair<int, int> board_size(const State& state) {
  const nlohmann::json j = state.to_json();
  return {j.value("width", 0), j.value("height", 0)};
}

std::string mark_squares(const std::string& board_text, const std::vector<std::string>& squares,
                         char marker) {
  std::vector<std::string> lines = split_lines(board_text);
  // 1. The file-letter line, then the board lines above it by rank number.
  std::map<char, size_t> columns;
  size_t files_line = lines.size();
  for (size_t i = 0; i < lines.size() && columns.empty(); ++i) {
    columns = file_columns(lines[i]);
    if (columns.size() < 2) columns.clear();
    if (!columns.empty()) files_line = i;
  }
  std::map<int, size_t> rank_lines;
  for (size_t i = 0; i < files_line; ++i) {
    if (const int rank = leading_rank(lines[i]); rank > 0) rank_lines.emplace(rank, i);
  }
  // 2. Each square's cell stands on its rank's line under its file letter.
  for (const std::string& square : squares) {
    if (square.size() < 2 || !columns.count(square[0])) continue;
    const auto line = rank_lines.find(std::atoi(square.c_str() + 1));
    if (line == rank_lines.end()) continue;
    std::string& text = lines[line->second];
    const size_t cell = columns[square[0]];
    if (cell >= text.size() || text[cell] == ' ') continue;
    // After the cell, or after the bracket that decorates it ("(N)": a
    // stretched piece in Inchworm Chess).
    const size_t after = cell + (cell + 1 < text.size() && text[cell + 1] == ')' ? 2 : 1);
    if (after == text.size()) {
      text += marker;
    } else if (after < text.size() && (text[after] == ' ' || text[after] == marker)) {
      text[after] = marker;
    }
  }
  std::string out;
  for (const std::string& line : lines) out += line + "\n";
  return out;
}

}  // namespace inchzero
