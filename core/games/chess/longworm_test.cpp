// Long Worm Chess: half pieces (docs/rules/longworm-chess.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::legal_texts;
using testing::load_chess;
using testing::play;
using testing::start;

Square sq(const char* name) { return parse_square(name); }

Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard b = 0;
  for (const char* n : names) b |= bit(sq(n));
  return b;
}

// Destinations of the legal moves from `from`, as a bitboard.
Bitboard destinations(const ChessState& s, const char* from) {
  Bitboard b = 0;
  for (const std::string& m : legal_texts(s))
    if (m.size() == 4 && m.compare(0, 2, from) == 0) b |= bit(parse_square(m, 2));
  return b;
}

TEST(LongWorm, HalflingRangeIsHalfTheDistanceToTheEdgeRoundedUp) {
  // Half rook on a1: 7 squares to each edge, so 4.
  EXPECT_EQ(kAttacks.half_rook_reach[sq("a1")],
            squares({"a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"}));
  // d4: 4 up (2), 3 down (2), 4 right (2), 3 left (2).
  EXPECT_EQ(kAttacks.half_rook_reach[sq("d4")],
            squares({"d5", "d6", "d3", "d2", "e4", "f4", "c4", "b4"}));
  // Half bishop on c1: 5 squares north-east (3), 2 north-west (1).
  EXPECT_EQ(kAttacks.half_bishop_reach[sq("c1")], squares({"d2", "e3", "f4", "b2"}));
  // h8 corner: 7 each way -> 4.
  EXPECT_EQ(kAttacks.half_bishop_reach[sq("h8")], squares({"g7", "f6", "e5", "d4"}));
}

TEST(LongWorm, TheCrabMovesNarrowForwardAndWideBackward) {
  EXPECT_EQ(kAttacks.crab[kWhite][sq("d4")], squares({"c6", "e6", "b3", "f3"}));
  EXPECT_EQ(kAttacks.crab[kBlack][sq("d5")], squares({"c3", "e3", "b6", "f6"}));
  auto game = load_chess("longworm");
  auto s = start(*game, "4k3/8/8/8/3N*4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(destinations(*s, "d4"), squares({"c6", "e6", "b3", "f3"}));
}

TEST(LongWorm, CapturingOneHalfLeavesTheOtherAsAHalfPiece) {
  auto game = load_chess("longworm");
  // The white rook stretched a1-a4 loses its a4 half to the black rook.
  const std::string fen = "4k3/8/8/8/R6r/8/8/R3K3 b - - 0 1 a1a4 -";
  auto s = start(*game, fen);
  play(*s, "h4a4");
  EXPECT_EQ(s->position().board[sq("a1")], make_piece(kWhite, kHalfRook));
  EXPECT_FALSE(s->position().is_stretched(sq("a1")));
  EXPECT_EQ(s->to_position(), "4k3/8/8/8/r6r/8/8/R*3K3 w - - 0 2 h4a4 -");
  // The half rook moves directly, at most 4 squares from a1 (blocked by the
  // black half on a4, which it may capture; e1 is its own king).
  EXPECT_EQ(destinations(*s, "a1"), squares({"a2", "a3", "a4", "b1", "c1", "d1"}));
  // Capturing the black rook's a4 half leaves a black half rook on h4.
  play(*s, "a1a4");
  EXPECT_EQ(s->position().board[sq("a4")], make_piece(kWhite, kHalfRook));
  EXPECT_EQ(s->position().board[sq("h4")], make_piece(kBlack, kHalfRook));
  EXPECT_EQ(s->to_position(), "4k3/8/8/8/R*6r*/8/8/4K3 b - - 0 2");
  // In Inchworm Chess the same capture takes the whole rook.
  auto inch = start(*load_chess("inchworm"), fen);
  play(*inch, "h4a4");
  EXPECT_EQ(inch->position().board[sq("a1")], kNoPiece);
}

TEST(LongWorm, EachWholePieceLeavesItsOwnHalf) {
  auto game = load_chess("longworm");
  const struct {
    const char* fen;
    const char* capture;
    const char* remaining;
    Kind kind;
  } cases[] = {
      {"4k3/8/8/8/8/2N4r/8/1N2K3 b - - 0 1 b1c3 -", "h3c3", "b1", kHalfKnight},
      {"4k3/8/8/8/8/3B3r/8/4KB2 b - - 0 1 f1d3 -", "h3d3", "f1", kHalfBishop},
      {"4k3/8/8/8/8/2Q4r/8/2Q1K3 b - - 0 1 c1c3 -", "h3c3", "c1", kHalfQueen},
  };
  for (const auto& c : cases) {
    auto s = start(*game, c.fen);
    play(*s, c.capture);
    EXPECT_EQ(s->position().board[sq(c.remaining)], make_piece(kWhite, c.kind)) << c.fen;
  }
}

TEST(LongWorm, HalfPiecesMoveLikeHalflings) {
  auto game = load_chess("longworm");
  auto bishop = start(*game, "4k3/8/8/8/8/8/8/2B*1K3 w - - 0 1");
  EXPECT_EQ(destinations(*bishop, "c1"), squares({"d2", "e3", "f4", "b2"}));
  auto queen = start(*game, "k7/8/8/8/3Q*4/8/8/7K w - - 0 1");
  EXPECT_EQ(destinations(*queen, "d4"),
            kAttacks.half_rook_reach[sq("d4")] | kAttacks.half_bishop_reach[sq("d4")]);
  // A half piece moves in one turn: after its move it stands on one square.
  play(*queen, "d4d6");
  EXPECT_EQ(queen->position().board[sq("d6")], make_piece(kWhite, kHalfQueen));
  EXPECT_FALSE(queen->position().is_stretched(sq("d6")));
}

TEST(LongWorm, HalfPiecesGiveCheckWithinTheirRangeOnly) {
  auto game = load_chess("longworm");
  EXPECT_TRUE(start(*game, "8/8/8/k7/8/8/8/R*6K b - - 0 1")->in_check());     // a5: 4 squares
  EXPECT_FALSE(start(*game, "8/8/k7/8/8/8/8/R*6K b - - 0 1")->in_check());    // a6: 5 squares
  EXPECT_FALSE(start(*game, "8/8/8/8/8/8/4k3/3N*3K b - - 0 1")->in_check());  // not e2
  EXPECT_TRUE(start(*game, "8/8/8/8/8/4k3/8/3N*3K b - - 0 1")->in_check());   // crab d1 -> e3
}

TEST(LongWorm, CapturingHalfAPawnRemovesThePawn) {
  auto game = load_chess("longworm");
  auto s = start(*game, "4k3/8/3n4/8/4P3/8/4P3/K7 b - - 0 1 e2e4 -");
  play(*s, "d6e4");
  EXPECT_EQ(s->position().board[sq("e2")], kNoPiece);
  EXPECT_EQ(s->position().pieces(kWhite, kPawn), 0u);
}

// show --format json: `cells` lists every occupied square as [owner, letter],
// both squares of a stretched piece, a half piece with its '*'.
TEST(LongWorm, JsonCellsShowStretchedAndHalfPieces) {
  auto game = load_chess("longworm");
  auto s = start(*game, "4k3/8/8/8/r6r/8/8/R*3K3 w - - 0 2 h4a4 -");
  const nlohmann::json j = s->to_json();
  EXPECT_EQ(j["cells"], nlohmann::json::parse(R"({"a1": [0, "R*"], "e1": [0, "K"], "a4": [1, "R"],
                                                 "h4": [1, "R"], "e8": [1, "K"]})"));
  EXPECT_EQ(j["pieces"]["a1"], "R*");
  EXPECT_EQ(j["pieces"]["e8"], "k");
  EXPECT_EQ(j["stretched"],
            nlohmann::json::parse(R"([{"piece": "r", "origin": "h4", "target": "a4"}])"));
  EXPECT_EQ(j["to_move"], 0);
  EXPECT_EQ(j["ply"], 2);
  EXPECT_EQ(j["terminal"], false);
  EXPECT_TRUE(j["winner"].is_null());
  EXPECT_TRUE(j["end_reason"].is_null());
}

// A king half can never be captured: the check rule already forbids leaving
// it attacked, and a position with the opponent's king attacked is refused.
TEST(LongWorm, AKingHalfIsNeverLeftAttacked) {
  auto game = load_chess("longworm");
  // White's king stretched e1-d1 with Black to move: refused when the black
  // rook attacks either half (a1 hits d1, h1 hits e1), accepted when it
  // attacks neither (a2), so the refusal is for the attacked half.
  for (const char* fen :
       {"3k4/8/8/8/8/8/8/r2KK3 b - - 0 1 e1d1 -", "3k4/8/8/8/8/8/8/3KK2r b - - 0 1 e1d1 -"}) {
    try {
      start(*game, fen);
      ADD_FAILURE() << "accepted: " << fen;
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find("the side not to move is in check"), std::string::npos)
          << fen << ": " << e.what();
    }
  }
  EXPECT_NO_THROW(start(*game, "3k4/8/8/8/8/8/r7/3KK3 b - - 0 1 e1d1 -"));
  auto s = start(*game, "3kk3/8/8/8/8/8/8/K2R4 b - - 0 1 e8d8 -");
  EXPECT_EQ(legal_texts(*s), std::vector<std::string>{"e8d8>e8"});
}

}  // namespace
}  // namespace inchzero::chess
