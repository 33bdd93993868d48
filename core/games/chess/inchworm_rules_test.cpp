// Every rule of Inchworm Chess (RULINGS §4, docs/rules/inchworm-chess.md).
#include <gtest/gtest.h>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::is_legal_text;
using testing::legal_texts;
using testing::load_chess;
using testing::play;
using testing::start;

Square sq(const char* name) { return parse_square(name); }

// The legal moves that start with `prefix` (e.g. the consolidations "e2e4>").
std::vector<std::string> moves_starting(const ChessState& s, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& m : legal_texts(s))
    if (m.compare(0, prefix.size(), prefix) == 0) out.push_back(m);
  return out;
}

std::string error_of(const ChessState& s, const std::string& move) {
  try {
    s.parse_move(move);
  } catch (const GameError& e) {
    return e.what();
  }
  return "(accepted)";
}

// A stretch puts the piece on both squares; it then consolidates onto either.
struct StretchCase {
  const char* fen;
  const char* stretch;  // origin+target
};

TEST(InchwormRules, EveryPieceStretchesAndConsolidatesOntoEitherSquare) {
  auto game = load_chess("inchworm");
  const StretchCase cases[] = {
      {"4k3/8/8/8/8/8/4P3/K7 w - - 0 1", "e2e3"}, {"4k3/8/8/8/8/8/4P3/K7 w - - 0 1", "e2e4"},
      {"4k3/8/8/8/8/8/8/K5N1 w - - 0 1", "g1f3"}, {"4k3/8/8/8/8/8/8/K4B2 w - - 0 1", "f1c4"},
      {"4k3/8/8/8/8/8/8/K6R w - - 0 1", "h1h5"},  {"4k3/8/8/8/8/8/8/K2Q4 w - - 0 1", "d1d6"},
      {"4k3/8/8/8/8/8/8/K7 w - - 0 1", "a1b2"},
  };
  for (const StretchCase& c : cases) {
    for (bool onto_target : {true, false}) {
      auto s = start(*game, c.fen);
      const std::string stretch = c.stretch;
      const Square origin = parse_square(stretch, 0), target = parse_square(stretch, 2);
      const Piece piece = s->position().board[origin];
      play(*s, stretch);
      EXPECT_EQ(s->position().board[origin], piece) << stretch;
      EXPECT_EQ(s->position().board[target], piece) << stretch;
      EXPECT_TRUE(s->position().is_stretched(origin) && s->position().is_stretched(target));
      play(*s, "e8f8");
      // The stretched piece's only moves are its two consolidations.
      const auto from_origin = moves_starting(*s, stretch.substr(0, 2));
      EXPECT_EQ(from_origin, (std::vector<std::string>{stretch + ">" + stretch.substr(0, 2),
                                                       stretch + ">" + stretch.substr(2)}))
          << stretch;
      const Square onto = onto_target ? target : origin, left = onto_target ? origin : target;
      play(*s, stretch + ">" + square_name(onto));
      EXPECT_EQ(s->position().board[onto], piece) << stretch;
      EXPECT_EQ(s->position().board[left], kNoPiece) << stretch;
      EXPECT_FALSE(s->position().is_stretched(onto));
    }
  }
}

TEST(InchwormRules, AStretchedPieceCanOnlyConsolidateAndNobodyMust) {
  auto game = load_chess("inchworm");
  auto s = start(*game);
  play(*s, "e2e4 e7e5");
  EXPECT_NE(error_of(*s, "e4e5").find("can only consolidate: e2e4>e2 or e2e4>e4"),
            std::string::npos);
  EXPECT_NE(error_of(*s, "e2e3").find("can only consolidate"), std::string::npos);
  EXPECT_TRUE(is_legal_text(*s, "g1f3"));  // another stretch instead of consolidating
  play(*s, "g1f3 d7d5");
  EXPECT_EQ(
      s->to_position(),
      "rnbqkbnr/pppppppp/8/3pp3/4P3/5N2/PPPPPPPP/RNBQKBNR w KQkq - 4 3 g1f3,e2e4,d7d5,e7e5 -");
}

TEST(InchwormRules, ARetreatCountsAsAMove) {
  auto game = load_chess("inchworm");
  auto s = start(*game);
  play(*s, "e2e4 e7e5 e2e4>e2 e7e5>e5");
  EXPECT_FALSE(is_legal_text(*s, "e2e4"));  // no two-square move for a pawn that moved
  EXPECT_TRUE(is_legal_text(*s, "e2e3"));
  EXPECT_EQ(s->to_position(), "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3 - e2");

  auto k = start(*game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(*k, "e1f1 a8b8 e1f1>e1");
  EXPECT_FALSE(is_legal_text(*k, "e1g1") || is_legal_text(*k, "e1c1"));  // the king moved
  auto r = start(*game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play(*r, "h1h2 e8d8 h1h2>h1 e8d8>e8");
  EXPECT_FALSE(is_legal_text(*r, "e1g1"));  // the rook moved
  EXPECT_TRUE(is_legal_text(*r, "e1c1"));
  EXPECT_EQ(r->to_position(), "r3k2r/8/8/8/8/8/8/R3K2R w Q - 4 3");  // the king stretch spent kq
}

TEST(InchwormRules, OnlyConsolidatedPiecesAttack) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "4k3/8/8/8/8/8/8/K6R w - - 0 1");
  play(*s, "h1e1");
  EXPECT_FALSE(s->in_check());             // a stretched rook gives no check
  EXPECT_TRUE(is_legal_text(*s, "e8e7"));  // and covers nothing: fatal but legal
  play(*s, "e8e7 h1e1>e1");
  EXPECT_TRUE(s->in_check());  // both halves of the black king stand on the e-file
}

TEST(InchwormRules, AStretchedPieceBlocksLinesOnBothSquaresOnly) {
  auto game = load_chess("inchworm");
  // Rook a1 against king a8, a knight stretched b1-a3 in between: no check.
  EXPECT_FALSE(start(*game, "k7/8/8/8/8/N7/8/RN2K3 b - - 0 1 b1a3 -")->in_check());
  EXPECT_TRUE(start(*game, "k7/8/8/8/8/8/8/R3K3 b - - 0 1")->in_check());
  // Bishop h8 against king a1: a knight stretched b1-c3 blocks on c3, one
  // stretched b1-d2 does not block b2 (a square between its halves).
  EXPECT_FALSE(start(*game, "7b/8/8/8/8/2N5/8/KN5k w - - 0 1 b1c3 -")->in_check());
  EXPECT_TRUE(start(*game, "7b/8/8/8/8/8/3N4/KN5k w - - 0 1 b1d2 -")->in_check());
}

TEST(InchwormRules, AStretchedPieceIsCapturedWholeOnEitherSquare) {
  auto game = load_chess("inchworm");
  auto on_origin = start(*game, "4k3/8/8/K7/8/2N5/8/1N5r b - - 7 1 b1c3 -");
  play(*on_origin, "h1b1");
  EXPECT_EQ(on_origin->position().board[sq("c3")], kNoPiece);
  EXPECT_EQ(on_origin->position().board[sq("b1")], make_piece(kBlack, kRook));
  EXPECT_EQ(on_origin->position().halfmove_clock, 0);  // a capture resets the clock
  auto on_target = start(*game, "2r1k3/8/8/K7/8/2N5/8/1N6 b - - 0 1 b1c3 -");
  play(*on_target, "c8c3");
  EXPECT_EQ(on_target->position().board[sq("b1")], kNoPiece);
  EXPECT_EQ(on_target->to_position(), "2r1k3/8/8/K7/8/2r5/8/8 w - - 0 2 c8c3 -");
}

TEST(InchwormRules, EitherHalfOfAStretchedKingAttackedIsCheck) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "3kk3/8/8/8/8/8/8/K2R4 b - - 0 1 e8d8 -");
  EXPECT_TRUE(s->in_check());
  EXPECT_EQ(legal_texts(*s), std::vector<std::string>{"e8d8>e8"});
}

TEST(InchwormRules, ACheckedConsolidatedKingCannotFleeByStretching) {
  auto game = load_chess("inchworm");
  // Every king stretch keeps e8 attacked: a lone king in check is mated.
  auto lone = start(*game, "4k3/8/8/8/8/8/8/4R2K b - - 0 1");
  EXPECT_TRUE(lone->is_terminal());
  EXPECT_EQ(lone->end_reason(), EndReason::kCheckmate);
  EXPECT_EQ(lone->winner(), kWhite);
  // In FIDE chess the same king just steps aside.
  EXPECT_FALSE(start(*load_chess("fide"), "4k3/8/8/8/8/8/8/4R2K b - - 0 1")->is_terminal());
  // Interposing (a stretched piece blocks) or capturing the checker saves it.
  EXPECT_EQ(legal_texts(*start(*game, "4k3/r7/8/8/8/8/8/4R2K b - - 0 1")),
            std::vector<std::string>{"a7e7"});
  EXPECT_TRUE(is_legal_text(*start(*game, "4k3/8/8/8/8/8/8/r3R2K b - - 0 1"), "a1e1"));
}

TEST(InchwormRules, AMoveThatLeavesTheKingInCheckIsIllegal) {
  auto game = load_chess("inchworm");
  // The knight's e2 half shields the king from the rook on e8.
  auto s = start(*game, "4r2k/8/8/8/8/6N1/4N3/4K3 w - - 0 1 e2g3 -");
  EXPECT_TRUE(is_legal_text(*s, "e2g3>e2"));
  EXPECT_NE(error_of(*s, "e2g3>g3").find("would leave your king in check"), std::string::npos);
}

TEST(InchwormRules, StalemateAsInFideChess) {
  auto s = start(*load_chess("inchworm"), "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->end_reason(), EndReason::kStalemate);
  EXPECT_EQ(s->winner(), kNoPlayer);
}

TEST(InchwormRules, APawnPromotesWhenItConsolidatesOnTheLastRank) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_NE(error_of(*s, "a7a8q").find("promotes when it consolidates"), std::string::npos);
  play(*s, "a7a8");
  EXPECT_EQ(s->position().board[sq("a8")], make_piece(kWhite, kPawn));  // still a pawn
  play(*s, "e8d7");
  EXPECT_EQ(moves_starting(*s, "a7a8>"),
            (std::vector<std::string>{"a7a8>a7", "a7a8>a8q", "a7a8>a8r", "a7a8>a8b", "a7a8>a8n"}));
  EXPECT_NE(error_of(*s, "a7a8>a8").find("must promote"), std::string::npos);
  play(*s, ">a8n");  // the short form
  EXPECT_EQ(s->position().board[sq("a8")], make_piece(kWhite, kKnight));
  EXPECT_EQ(s->position().halfmove_clock, 0);
  // A retreat stays a pawn.
  auto back = start(*game, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  play(*back, "a7a8 e8d7 a7a8>a7");
  EXPECT_EQ(back->position().board[sq("a7")], make_piece(kWhite, kPawn));
}

TEST(InchwormRules, CastlingIsAKingStretchAndTheRookMovesOnConsolidation) {
  auto game = load_chess("inchworm");
  const std::string fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  auto s = start(*game, fen);
  EXPECT_TRUE(is_legal_text(*s, "e1g1") && is_legal_text(*s, "e1c1"));
  play(*s, "e1g1");
  // Q is spent at once; K stays pending until the king consolidates.
  EXPECT_EQ(s->to_position(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K1KR b Kkq - 1 1 e1g1 -");
  play(*s, "a7a6 e1g1>g1");
  EXPECT_EQ(s->to_position(), "r3k2r/pppppppp/p7/8/8/8/PPPPPPPP/R4RK1 b kq - 3 2 a7a6 -");
  // Queen side: the rook goes a8-d8.
  play(*s, "e8c8 a2a3 e8c8>c8");
  EXPECT_EQ(s->position().board[sq("d8")], make_piece(kBlack, kRook));
  EXPECT_EQ(s->position().board[sq("c8")], make_piece(kBlack, kKing));
  EXPECT_EQ(s->position().castling, 0);
}

TEST(InchwormRules, ConsolidatingBackCancelsCastlingAndSpendsTheRight) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  play(*s, "e1g1 a7a6 e1g1>e1");
  EXPECT_EQ(s->position().board[sq("h1")], make_piece(kWhite, kRook));
  EXPECT_EQ(s->position().board[sq("e1")], make_piece(kWhite, kKing));
  EXPECT_FALSE(is_legal_text(*s, "e1g1") || is_legal_text(*s, "e1c1"));
  play(*s, "a7a6>a6");
  EXPECT_FALSE(is_legal_text(*s, "e1g1") || is_legal_text(*s, "e1c1"));
}

TEST(InchwormRules, CastlingCannotCompleteIfTheRookMovedOrItsSquareFilled) {
  auto game = load_chess("inchworm");
  // The rook stretched away (and came back) while the king was stretched.
  auto moved = start(*game, "r3k2r/pppppppp/8/8/8/8/PPPPPPP1/R3K2R w KQkq - 0 1");
  play(*moved, "e1g1 a7a6 h1h4 a7a6>a6 h1h4>h1 b7b6");
  EXPECT_EQ(moves_starting(*moved, "e1g1>"), std::vector<std::string>{"e1g1>e1"});
  EXPECT_NE(error_of(*moved, "e1g1>g1").find("castling king cannot consolidate"),
            std::string::npos);
  // A knight stretched onto f1, the rook's square, meanwhile.
  auto filled = start(*game, "r3k2r/pppppppp/8/8/8/8/PPPN1PPP/R3K2R w KQkq - 0 1");
  play(*filled, "e1g1 a7a6 d2f1 b7b6");
  EXPECT_EQ(moves_starting(*filled, "e1g1>"), std::vector<std::string>{"e1g1>e1"});
}

TEST(InchwormRules, CastlingNeedsTheFideConditions) {
  auto game = load_chess("inchworm");
  // f1 attacked: no king side; a1-b1 attacked does not matter for the queen side.
  auto transit = start(*game, "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
  EXPECT_FALSE(is_legal_text(*transit, "e1g1"));
  EXPECT_TRUE(is_legal_text(*transit, "e1c1"));
  auto b_file = start(*game, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_TRUE(is_legal_text(*b_file, "e1c1"));
  // g1 attacked, pieces in between, in check.
  EXPECT_FALSE(is_legal_text(*start(*game, "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
  EXPECT_FALSE(is_legal_text(*start(*game, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1"), "e1c1"));
  EXPECT_FALSE(is_legal_text(*start(*game, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1"), "e1g1"));
  auto checked = start(*game, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(is_legal_text(*checked, "e1g1") || is_legal_text(*checked, "e1c1"));
}

TEST(InchwormRules, EnPassantAfterAConsolidatedTwoSquareStretch) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  play(*s, "e2e4");
  EXPECT_FALSE(is_legal_text(*s, "d4e3"));  // the pawn is still stretched
  play(*s, "e8d8 e2e4>e4");
  EXPECT_EQ(s->position().ep_square, sq("e3"));
  ASSERT_TRUE(is_legal_text(*s, "d4e3"));
  auto taken = std::make_unique<ChessState>(*s);
  play(*taken, "d4e3");
  EXPECT_EQ(taken->position().board[sq("e4")], kNoPiece);
  EXPECT_EQ(taken->to_position(), "3kk3/8/8/8/3p4/4p3/8/4K3 w - - 0 3 d4e3,e8d8 -");
  // Only by the next move.
  play(*s, "e8d8>d8 e1d1");
  EXPECT_FALSE(is_legal_text(*s, "d4e3"));
  // Not after a retreat.
  auto back = start(*game, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  play(*back, "e2e4 e8d8 e2e4>e2");
  EXPECT_FALSE(is_legal_text(*back, "d4e3"));
}

TEST(InchwormRules, TheMoveRuleIsOneHundredMoves) {
  auto inch = load_chess("inchworm");
  auto fide = load_chess("fide");
  const std::string fen_at_99 = "4k3/8/8/8/8/8/P7/R3K3 w - - 99 1";
  auto s = start(*inch, fen_at_99);
  play(*s, "a1b1");
  EXPECT_FALSE(s->is_terminal());  // 50 moves are not enough in Inchworm Chess
  auto f = start(*fide, fen_at_99);
  play(*f, "a1b1");
  EXPECT_EQ(f->end_reason(), EndReason::kMoveRule);
  auto at_199 = start(*inch, "4k3/8/8/8/8/8/P7/R3K3 w - - 199 1");
  play(*at_199, "a1b1");
  EXPECT_TRUE(at_199->is_terminal());
  EXPECT_EQ(at_199->end_reason(), EndReason::kMoveRule);
  EXPECT_EQ(at_199->winner(), kNoPlayer);
  // A pawn stretch does not reset the clock (it can be undone); the pawn's
  // advance by consolidation does.
  auto pawn = start(*inch, "4k3/8/8/8/8/8/P7/R3K3 w - - 150 1");
  play(*pawn, "a2a3");
  EXPECT_EQ(pawn->position().halfmove_clock, 151);
  play(*pawn, "e8d8 a2a3>a3");
  EXPECT_EQ(pawn->position().halfmove_clock, 0);
  // move_rule=0 turns it off.
  auto off = start(*load_chess("inchworm", {"move_rule=0"}), "4k3/8/8/8/8/8/P7/R3K3 w - - 199 1");
  play(*off, "a1b1");
  EXPECT_FALSE(off->is_terminal());
}

TEST(InchwormRules, ThreefoldRepetitionDraws) {
  auto game = load_chess("inchworm");
  auto s = start(*game);
  play(*s, "g1f3 g8f6 g1f3>g1 g8f6>g8");
  EXPECT_EQ(s->occurrences(), 2);
  EXPECT_FALSE(s->is_terminal());
  play(*s, "g1f3 g8f6 g1f3>g1 g8f6>g8");
  EXPECT_EQ(s->end_reason(), EndReason::kRepetition);
  EXPECT_TRUE(s->legal_actions().empty());
  auto off = start(*load_chess("inchworm", {"repetition_draw=0"}));
  play(*off, "g1f3 g8f6 g1f3>g1 g8f6>g8 g1f3 g8f6 g1f3>g1 g8f6>g8");
  EXPECT_FALSE(off->is_terminal());
}

TEST(InchwormRules, ThePlyCapEndsTheGame) {
  auto s = start(*load_chess("inchworm", {"max_plies=3"}));
  play(*s, "e2e4 e7e5");
  EXPECT_FALSE(s->is_terminal());
  play(*s, "e2e4>e4");
  EXPECT_EQ(s->end_reason(), EndReason::kCap);
}

// Nobody can ever leave a king (or a half of it) attacked, so no king is
// ever captured, in any of the three games.
TEST(InchwormRules, TheSideNotToMoveIsNeverInCheck) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = load_chess(which);
    for (uint32_t seed = 100; seed < 110; ++seed)
      for (const auto& s : testing::random_walk(*game, seed, 300))
        ASSERT_FALSE(s->position().in_check(~s->position().side))
            << which << " " << s->to_position();
  }
}

}  // namespace
}  // namespace inchzero::chess
