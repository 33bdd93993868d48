// ChessState::points: the material heuristic (pawn 1, knight 3, bishop 3,
// rook 5, queen 9, half pieces half, the king 0; a stretched piece once).
#include <gtest/gtest.h>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::load_chess;
using testing::play;
using testing::start;

TEST(ChessPoints, TheStartIsThirtyNineEach) {
  auto game = load_chess("inchworm");
  auto s = start(*game);
  EXPECT_DOUBLE_EQ(s->points(kWhite), 39);
  EXPECT_DOUBLE_EQ(s->points(kBlack), 39);
}

TEST(ChessPoints, AStretchedPieceCountsOnceAndACaptureLowersTheVictim) {
  auto game = load_chess("inchworm");
  auto s = start(*game, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
  EXPECT_DOUBLE_EQ(s->points(kWhite), 5);
  EXPECT_DOUBLE_EQ(s->points(kBlack), 9);
  play(*s, "d2d4");  // the rook stretches to d4: on two squares, one rook
  EXPECT_DOUBLE_EQ(s->points(kWhite), 5);
  // The queen takes the rook's stretched half on d4: the whole rook is gone.
  play(*s, "d5d4");
  EXPECT_DOUBLE_EQ(s->points(kWhite), 0);
  EXPECT_DOUBLE_EQ(s->points(kBlack), 9);
}

TEST(ChessPoints, AHalfPieceIsWorthHalfItsWholePiece) {
  auto game = load_chess("longworm");
  auto s = start(*game, "4k3/8/8/8/3N*4/8/3Q*4/4K3 w - - 0 1");
  EXPECT_DOUBLE_EQ(s->points(kWhite), 1.5 + 4.5);
  EXPECT_DOUBLE_EQ(s->points(kBlack), 0);
}

}  // namespace
}  // namespace inchzero::chess
