// Ralph Betza's own examples (seed 003) replayed with the outcomes he gives.
#include <gtest/gtest.h>

#include "core/games/chess/notation.h"
#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::is_legal_text;
using testing::legal_texts;
using testing::load_chess;
using testing::play;
using testing::start;

Square sq(const char* name) { return parse_square(name); }

// "1. e2-e4 d7-d5 2. e2-e4 d7-d5 3. e4xd5 Qd8xd5xe4 4. Nb1-c3 Qd5-d8", in our
// notation: e2e4 d7d5 e2e4>e4 d7d5>d5 e4d5 d8d5 b1c3 d8d5>d8.
TEST(BetzaExamples, SampleGameReplays) {
  auto game = load_chess("inchworm");
  auto s = start(*game);
  play(*s, "e2e4 d7d5 e2e4>e4 d7d5>d5 e4d5");
  // 3...Qd8xd5xe4: taking the stretched pawn on d5 takes its e4 half too.
  play(*s, "d8d5");
  EXPECT_EQ(s->position().board[sq("e4")], kNoPiece);
  EXPECT_EQ(s->position().board[sq("d5")], make_piece(kBlack, kQueen));
  EXPECT_EQ(s->position().pieces(kWhite, kPawn), rank_bb(1) & ~bit(sq("e2")));
  play(*s, "b1c3 d8d5>d8");
  // 4...Qd5-d8: the queen is home again and the knight is still stretched.
  EXPECT_EQ(s->to_position(), "rnbqkbnr/ppp1pppp/8/8/8/2N5/PPPP1PPP/RNBQKBNR w KQkq - 2 5 b1c3 -");
}

TEST(BetzaExamples, ConsolidatingTheQueenOnD5WouldLoseIt) {
  // "4...Qd8-d5 would have lost the Queen because an attacked piece has no
  // escape": once the knight consolidates on c3, every black move leaves the
  // queen on d5, and Nc3xd5 takes it.
  auto game = load_chess("inchworm");
  auto s = start(*game);
  play(*s, "e2e4 d7d5 e2e4>e4 d7d5>d5 e4d5 d8d5 b1c3 d8d5>d5 b1c3>c3");
  ASSERT_FALSE(s->legal_chess_moves().empty());
  for (const ChessMove& reply : s->legal_chess_moves()) {
    ChessState after = *s;
    after.play(reply);
    EXPECT_EQ(after.position().board[sq("d5")], make_piece(kBlack, kQueen));
    ASSERT_TRUE(is_legal_text(after, "c3d5")) << "after " << move_to_text(s->position(), reply);
    play(after, "c3d5");
    bool queen_left = false;
    for (Square x = 0; x < 64; ++x)
      queen_left |= after.position().board[x] == make_piece(kBlack, kQueen);
    EXPECT_FALSE(queen_left) << "after " << move_to_text(s->position(), reply);
  }
}

// "With a White Rook on g1 and a Black K on h8 ..." (the white king is on c3,
// out of the way).
TEST(BetzaExamples, RookEndingBlackToPlayIsMated) {
  auto game = load_chess("inchworm");
  // "Black to play would be mated: Kh8-h7 Rg1-h1, both consolidate, checkmate."
  for (const char* black_consolidates : {"h8h7>h7", "h8h7>h8"}) {
    auto s = start(*game, "7k/8/8/8/8/2K5/8/6R1 b - - 0 1");
    EXPECT_EQ(legal_texts(*s), std::vector<std::string>{"h8h7"});  // g8 and g7 are covered
    play(*s, std::string("h8h7 g1h1 ") + black_consolidates + " g1h1>h1");
    EXPECT_TRUE(s->is_terminal()) << black_consolidates;
    EXPECT_EQ(s->end_reason(), EndReason::kCheckmate);
    EXPECT_EQ(s->winner(), kWhite);
  }
}

TEST(BetzaExamples, RookEndingWhiteToPlayTheKingRunsAway) {
  auto game = load_chess("inchworm");
  // "W to play may try Rg1-h1, but Black can respond with Kh8-g8, running
  // away. If in response Rh1-g1, of course Kg8-h8."
  auto s = start(*game, "7k/8/8/8/8/2K5/8/6R1 w - - 0 1");
  play(*s, "g1h1");
  ASSERT_TRUE(is_legal_text(*s, "h8g8"));
  play(*s, "h8g8 g1h1>g1");
  EXPECT_TRUE(s->in_check());  // the g8 half is on the g-file
  EXPECT_EQ(legal_texts(*s), std::vector<std::string>{"h8g8>h8"});
  play(*s, "h8g8>h8");
  EXPECT_FALSE(s->in_check());
  EXPECT_FALSE(s->is_terminal());
}

TEST(BetzaExamples, RookEndingWhiteToPlayTheRookConsolidatesAndTheKingRuns) {
  auto game = load_chess("inchworm");
  // The other reply to "Kh8-g8, running away": the rook consolidates on h1.
  // That checks the h8 half, so the king completes its run to g8 -- and White
  // to play faces the mirror image of the start (rook h1, king g8): no mate.
  auto s = start(*game, "7k/8/8/8/8/2K5/8/6R1 w - - 0 1");
  play(*s, "g1h1 h8g8 g1h1>h1");
  EXPECT_TRUE(s->in_check());  // the h8 half is on the h-file
  EXPECT_EQ(legal_texts(*s), std::vector<std::string>{"h8g8>g8"});
  play(*s, "h8g8>g8");
  EXPECT_FALSE(s->in_check());
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->to_position(), "6k1/8/8/8/8/2K5/8/7R w - - 4 3");
  // The mirror of "If in response Rh1-g1, of course Kg8-h8": the chase goes
  // round again.
  play(*s, "h1g1");
  EXPECT_TRUE(is_legal_text(*s, "g8h8"));
}

}  // namespace
}  // namespace inchzero::chess
