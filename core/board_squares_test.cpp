// Squares read from notation, and boards marked through their own labels: for
// every game and rule set people play, every square of the board can be
// marked, each at its own cell, and a played move's squares are marked where
// its pieces stand.
#include "core/board_squares.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/registry.h"

namespace inchzero {
namespace {

using Squares = std::vector<std::string>;

TEST(SquaresNamed, ReadsSquaresOfTheBoardOnly) {
  EXPECT_EQ(squares_named("e2e4", 8, 8), (Squares{"e2", "e4"}));
  EXPECT_EQ(squares_named("distribute from d4", 8, 8), (Squares{"d4"}));
  EXPECT_EQ(squares_named("e2e4>e4", 8, 8), (Squares{"e2", "e4", "e4"}));
  EXPECT_EQ(squares_named("a1xa2", 8, 7), (Squares{"a1", "a2"}));
  EXPECT_EQ(squares_named("c7-off", 6, 7), (Squares{"c7"}));
  EXPECT_EQ(squares_named("@c3", 5, 5), (Squares{"c3"}));
  EXPECT_EQ(squares_named("a4=b4=b4", 8, 8), (Squares{"a4", "b4", "b4"}));
  EXPECT_EQ(squares_named("e7e8q", 8, 8), (Squares{"e7", "e8"}));
  EXPECT_EQ(squares_named("p16-o15", 16, 16), (Squares{"p16", "o15"}));
  EXPECT_EQ(squares_named("a10", 5, 16), (Squares{"a10"}));
  EXPECT_TRUE(squares_named("R3", 8, 8).empty());
  EXPECT_TRUE(squares_named("pass", 8, 8).empty());
  EXPECT_TRUE(squares_named("promote q", 8, 8).empty());
  EXPECT_TRUE(squares_named("end collect", 8, 8).empty());
  EXPECT_TRUE(squares_named("i1", 8, 8).empty()) << "off the board";
  EXPECT_TRUE(squares_named("a9", 8, 8).empty()) << "off the board";
}

// Where `marked` differs from `plain`: (line, column) pairs.
std::vector<std::pair<int, size_t>> differences(const std::string& plain,
                                                const std::string& marked) {
  std::vector<std::pair<int, size_t>> out;
  int line = 0;
  size_t column = 0;
  for (size_t i = 0, j = 0; j < marked.size(); ++j) {
    const char p = i < plain.size() ? plain[i] : '\0';
    if (p == '\n' && marked[j] != '\n') {
      out.emplace_back(line, column++);  // appended at a line's end
      continue;
    }
    if (p != marked[j]) out.emplace_back(line, column);
    ++i;
    if (marked[j] == '\n') {
      ++line;
      column = 0;
    } else {
      ++column;
    }
  }
  return out;
}

std::string file_rank(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

// Every square of every game's board (after some random plies, so pieces of
// both sides stand on it) gets exactly one marker, each at a different place,
// and squares of one rank share a line.
TEST(MarkSquares, MarksEverySquareOfEveryGameAtItsOwnCell) {
  const std::vector<std::pair<std::string, std::string>> games = {
      {"inchworm", ""},           {"inchworm", "small"},   {"inchworm-chess", ""},
      {"inchworm-chess", "fide"}, {"longworm-chess", ""},  {"invector", ""},
      {"invector", "5x4"},        {"steere-inchworm", ""}, {"steere-inchworm", "8x9"}};
  for (const auto& [name, rules] : games) {
    const auto game = load_game(name, rules);
    auto state = game->initial_state();
    // Chess boards bracket stretched pieces, "(p)(p)", leaving no room for
    // a marker between neighbours: they are checked from the start position.
    const int plies = name.find("chess") == std::string::npos ? 12 : 0;
    std::mt19937 rng(3);
    for (int ply = 0; ply < plies && !state->is_terminal(); ++ply) {
      const auto moves = state->legal_moves();
      state->apply_move(moves[rng() % moves.size()]);
    }
    const auto [width, height] = board_size(*state);
    ASSERT_GT(width, 0) << name;
    const std::string plain = state->to_text();
    std::set<std::pair<int, size_t>> places;
    for (int rank = 0; rank < height; ++rank) {
      std::set<int> lines;
      for (int file = 0; file < width; ++file) {
        const std::string square = file_rank(file, rank);
        const auto diff = differences(plain, mark_squares(plain, {square}));
        ASSERT_EQ(diff.size(), 1u) << name << " " << rules << " " << square << "\n" << plain;
        places.insert(diff[0]);
        lines.insert(diff[0].first);
      }
      EXPECT_EQ(lines.size(), 1u) << name << " rank " << rank + 1;
    }
    EXPECT_EQ(places.size(), static_cast<size_t>(width * height)) << name << " " << rules;
    // Squares off the board and words that are not squares change nothing.
    EXPECT_EQ(mark_squares(plain, {file_rank(width, 0), file_rank(0, height), "xx", ""}), plain);
  }
}

TEST(MarkSquares, MarksAPlayedMoveWhereItsPiecesStand) {
  const auto chess = load_game("inchworm-chess", "fide");
  auto state = chess->initial_state();
  state->apply_move(state->parse_move("e2e4"));
  const std::string marked = mark_squares(state->to_text(), squares_named("e2e4", 8, 8));
  EXPECT_NE(marked.find("4  .  .  .  .  P* .  .  . "), std::string::npos) << marked;
  EXPECT_NE(marked.find("2  P  P  P  P  .* P  P  P "), std::string::npos) << marked;
  // A stretched piece gets the marker after its bracket.
  const auto inchworm_chess = load_game("inchworm-chess");
  state = inchworm_chess->initial_state();
  state->apply_move(state->parse_move("g1h3"));
  const std::string stretched = state->to_text();
  ASSERT_NE(stretched.find("(N)"), std::string::npos) << stretched;
  EXPECT_NE(mark_squares(stretched, {"g1"}).find("(N)*R"), std::string::npos)
      << mark_squares(stretched, {"g1"});
  // Invector's cells are one space apart: neighbours are both marked.
  const auto invector = load_game("invector");
  const std::string board = invector->initial_state()->to_text();
  EXPECT_NE(mark_squares(board, {"a1", "b1"}).find(" 1 b*w*b w"), std::string::npos)
      << mark_squares(board, {"a1", "b1"});
}

}  // namespace
}  // namespace inchzero
