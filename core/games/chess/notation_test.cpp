// Move notation: canonical printing, the short consolidation form, and a
// strict parser whose errors say what is wrong.
#include "core/games/chess/notation.h"

#include <gtest/gtest.h>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::legal_texts;
using testing::load_chess;
using testing::play;
using testing::start;

void expect_error(const ChessState& s, const std::string& move, const std::string& needle) {
  try {
    s.parse_move(move);
    ADD_FAILURE() << "accepted '" << move << "'";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "'" << move << "': message '" << e.what() << "' lacks '" << needle << "'";
  }
}

TEST(Notation, CanonicalForms) {
  auto fide = start(*load_chess("fide"), "r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1");
  const auto f = legal_texts(*fide);
  for (const char* m : {"b7b8q", "b7b8n", "b7a8r", "e1g1", "e1c1", "a1a8"})
    EXPECT_NE(std::find(f.begin(), f.end(), m), f.end()) << m;
  auto inch = start(*load_chess("inchworm"));
  play(*inch, "e2e4 e7e5");
  const auto i = legal_texts(*inch);
  for (const char* m : {"e2e4>e4", "e2e4>e2", "g1f3"})
    EXPECT_NE(std::find(i.begin(), i.end(), m), i.end()) << m;
}

TEST(Notation, ShortConsolidationMeansTheSameMove) {
  auto s = start(*load_chess("inchworm"));
  play(*s, "e2e4 e7e5");
  EXPECT_EQ(s->parse_move(">e4"), s->parse_move("e2e4>e4"));
  EXPECT_EQ(s->parse_move(">e2"), s->parse_move("e2e4>e2"));
  EXPECT_NE(s->parse_move(">e4"), s->parse_move(">e2"));
}

TEST(Notation, EveryLegalMoveReadsBackAsItself) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = load_chess(which);
    for (const auto& s : testing::random_walk(*game, 11, 200)) {
      for (const Move& m : s->legal_moves()) {
        const std::string text = s->move_to_string(m);
        ASSERT_EQ(s->parse_move(text), m) << which << " " << text << " in " << s->to_position();
      }
    }
  }
}

TEST(Notation, MalformedTextIsRejected) {
  auto s = start(*load_chess("inchworm"));
  for (const char* bad : {"", "e2-e4", "E2E4", "e2e", "e9e4", "e2e4x", "e2e4>", "e2e4>e", "e2>e4",
                          ">e4>", "e2e4 ", "O-O", "e7e8Q"})
    expect_error(*s, bad, "malformed move");
}

TEST(Notation, IllegalMovesSayWhy) {
  auto inch = start(*load_chess("inchworm"));
  expect_error(*inch, "e3e4", "no piece of yours on e3");
  expect_error(*inch, "e7e5", "no piece of yours on e7");
  expect_error(*inch, "e2e5", "the white pawn on e2 cannot move to e5");
  expect_error(*inch, "e2e4q", "no promotion on this move");
  expect_error(*inch, ">e4", "no stretched piece of yours stands on e4");
  play(*inch, "e2e4 d7d5");
  expect_error(*inch, "e2e4>e3", "no stretched piece of yours stands on e3");
  expect_error(*inch, "e2e3>e4", "there is no stretch e2e3 of yours");
  expect_error(*inch, "d7d5>d5", "no stretched piece of yours stands on d5");
  expect_error(*inch, "e4e5", "can only consolidate");

  auto fide = start(*load_chess("fide"), "4k3/P7/8/8/8/8/7r/4K3 w - - 0 1");
  expect_error(*fide, "e2e4>e4", "consolidations exist only in Inchworm Chess");
  expect_error(*fide, "a7a8", "must promote");
  expect_error(*fide, "e1e3", "the white king on e1 cannot move to e3");
  expect_error(*fide, "e1e2", "would leave your king in check");

  auto over = start(*load_chess("inchworm"), "4k3/8/8/8/8/8/8/4R2K b - - 0 1");
  expect_error(*over, "e8d8", "the game is over (checkmate)");
}

}  // namespace
}  // namespace inchzero::chess
