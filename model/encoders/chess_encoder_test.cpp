#include "model/encoders/chess_encoder.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/games/chess/actions.h"
#include "core/games/chess/chess_state.h"
#include "core/registry.h"

namespace inchzero {
namespace {

using chess::parse_square;

std::vector<float> encode(const Encoder& e, const State& s) {
  std::vector<float> out(e.shape().size(), -1.0f);
  e.encode(s, 0, out.data());
  return out;
}

float at(const std::vector<float>& x, int plane, const char* square) {
  return x[plane * 64 + parse_square(square)];
}

void play(State& s, const std::string& moves) {
  std::istringstream in(moves);
  for (std::string m; in >> m;) s.apply_move(s.parse_move(m));
}

TEST(ChessEncoder, ShapeAndStartPosition) {
  auto game = load_game("inchworm-chess");
  auto enc = make_encoder(*game);
  EXPECT_EQ(enc->shape().channels, 58);
  EXPECT_EQ(enc->shape().height, 8);
  EXPECT_EQ(enc->shape().width, 8);
  auto s = game->initial_state();
  auto x = encode(*enc, *s);
  EXPECT_EQ(at(x, 0, "e2"), 1.0f);   // our pawn
  EXPECT_EQ(at(x, 5, "e1"), 1.0f);   // our king
  EXPECT_EQ(at(x, 11, "e8"), 1.0f);  // their king
  EXPECT_EQ(at(x, 44, "a2"), 1.0f);  // our pawns may move two squares
  EXPECT_EQ(at(x, 47, "h5"), 1.0f);  // castling rights
  EXPECT_EQ(at(x, 51, "a1"), 1.0f);  // we are White
  EXPECT_EQ(at(x, 57, "d4"), 1.0f);
  float total = 0;
  for (float v : x) {
    EXPECT_TRUE(v >= 0.0f && v <= 1.0f);
    total += v;
  }
  // 32 pieces + 16 double-step pawns + 4 castling planes + colour + ones.
  EXPECT_EQ(total, 32 + 16 + 4 * 64 + 64 + 64);
}

TEST(ChessEncoder, StretchedPiecesAndTheMoverSwap) {
  auto game = load_game("inchworm-chess");
  auto enc = make_encoder(*game);
  auto s = game->initial_state();
  play(*s, "g1f3");
  auto x = encode(*enc, *s);  // Black to move: White's knight is "theirs"
  EXPECT_EQ(at(x, 24 + 1, "g1"), 1.0f);
  EXPECT_EQ(at(x, 30 + 1, "f3"), 1.0f);
  EXPECT_EQ(at(x, 6 + 1, "g1"), 0.0f);  // not a consolidated knight any more
  EXPECT_EQ(at(x, 0, "e7"), 1.0f);      // Black's pawns are ours now
  EXPECT_EQ(at(x, 51, "a1"), 0.0f);
}

TEST(ChessEncoder, HalfPiecesPendingDecisionsAndRepetition) {
  auto game = load_game("longworm-chess");
  auto enc = make_encoder(*game);
  auto s = game->state_from_position("4k3/P7/8/8/8/8/8/R*3K3 w - - 0 1");
  auto x = encode(*enc, *s);
  EXPECT_EQ(at(x, 36 + 2, "a1"), 1.0f);  // our half rook
  play(*s, "a7a8 e8d8");
  s->apply_action(chess::actions::kOnto + parse_square("a8"));
  x = encode(*enc, *s);
  EXPECT_EQ(at(x, 56, "a8"), 1.0f);  // consolidation awaiting its promotion piece
  auto r = game->initial_state();
  r->apply_action(chess::actions::kFrom + parse_square("g1"));
  EXPECT_EQ(at(encode(*enc, *r), 55, "g1"), 1.0f);
  auto rep = game->initial_state();
  EXPECT_EQ(at(encode(*enc, *rep), 53, "a1"), 0.0f);
  play(*rep, "g1f3 g8f6 g1f3>g1 g8f6>g8");
  EXPECT_EQ(at(encode(*enc, *rep), 53, "a1"), 1.0f);
}

TEST(ChessEncoder, RejectsOtherGames) {
  EXPECT_THROW(make_chess_encoder(*load_game("invector")), GameError);
}

}  // namespace
}  // namespace inchzero
