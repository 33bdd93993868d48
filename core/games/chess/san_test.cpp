// SAN of FIDE moves: castling, captures, e.p., promotions, check and mate
// marks, and disambiguation by file, rank or square (only among legal moves:
// a pinned piece does not count).
#include "core/games/chess/san.h"

#include <gtest/gtest.h>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::load_chess;
using testing::play;
using testing::start;

std::string san(const std::string& fen, const std::string& move, const std::string& moves = "") {
  auto state = start(*load_chess("fide"), fen);
  play(*state, moves);
  return move_to_san(state->position(), state->from_actions(state->parse_move(move)));
}

TEST(San, PiecesPawnsAndCaptures) {
  EXPECT_EQ(san("", "e2e4"), "e4");
  EXPECT_EQ(san("", "g1f3"), "Nf3");
  EXPECT_EQ(san("", "e4d5", "e2e4 d7d5"), "exd5");
  EXPECT_EQ(san("", "h5d5", "e2e4 d7d5 d1h5 c7c6"), "Qxd5");
}

TEST(San, Castling) {
  const std::string kiwipete =
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(san(kiwipete, "e1g1"), "O-O");
  EXPECT_EQ(san(kiwipete, "e1c1"), "O-O-O");
  EXPECT_EQ(san(kiwipete, "e8g8", "a2a3"), "O-O");
}

TEST(San, EnPassantPromotionCheckAndMate) {
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
  EXPECT_EQ(san("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
  EXPECT_EQ(san("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"), "b8=N");
  EXPECT_EQ(san("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8r"), "bxa8=R+");
  EXPECT_EQ(san("", "d8h4", "f2f3 e7e5 g2g4"), "Qh4#");
}

TEST(San, DisambiguatesByFileThenRankThenSquare) {
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "f1d2"), "Nfd2");
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3"), "R5a3");
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1b1"), "Rb1");
  const std::string queens = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
  EXPECT_EQ(san(queens, "e4e1"), "Qee1");
  EXPECT_EQ(san(queens, "h1e1"), "Q1e1");
  EXPECT_EQ(san(queens, "h4e1"), "Qh4e1");
  // The knight on c6 is pinned, so Ne7 needs no disambiguation.
  EXPECT_EQ(san("r1bqkbnr/ppp2ppp/2n5/1B1pP3/4P3/8/PPPP2PP/RNBQK1NR b KQkq - 2 4", "g8e7"), "Ne7");
}

TEST(San, RefusesAMoveThatIsNotLegalFide) {
  auto state = start(*load_chess("fide"));
  const ChessMove illegal{static_cast<uint8_t>(parse_square("e2")),
                          static_cast<uint8_t>(parse_square("e5")), MoveType::kDirect};
  EXPECT_THROW(move_to_san(state->position(), illegal), GameError);
}

}  // namespace
}  // namespace inchzero::chess
