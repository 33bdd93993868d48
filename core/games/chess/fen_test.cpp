// FEN in and out: plain FIDE FEN, and the Inchworm extensions (stretch and
// moved-pawn fields, '*' half pieces), with a clear error for each problem.
#include "core/games/chess/fen.h"

#include <gtest/gtest.h>

#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

// parse_fen must throw a GameError whose message contains `needle`.
void expect_rejected(const std::string& fen, const Variant& v, const std::string& needle) {
  try {
    parse_fen(fen, v);
    ADD_FAILURE() << "accepted: " << fen;
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
        << "message '" << e.what() << "' lacks '" << needle << "'";
  }
}

TEST(Fen, FidePositionsRoundTrip) {
  for (const char* fen :
       {kStartFen, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"}) {
    Position pos = parse_fen(fen, kFide);
    EXPECT_EQ(to_fen(pos, kFide), fen);
    EXPECT_EQ(pos.key, pos.compute_key());
  }
}

TEST(Fen, MissingClocksDefaultToZeroAndOne) {
  EXPECT_EQ(to_fen(parse_fen("8/8/8/8/8/8/8/K6k w - -", kFide), kFide),
            "8/8/8/8/8/8/8/K6k w - - 0 1");
}

TEST(Fen, EnPassantSquareKeptOnlyWhenAPawnCanCapture) {
  // No black pawn next to e4: the square would change nothing, so it is dropped.
  EXPECT_EQ(to_fen(parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", kFide),
                   kFide),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(
      parse_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", kFide).ep_square,
      make_square(4, 2));
}

TEST(Fen, InchwormFieldsRoundTrip) {
  const std::string fen =
      "rnbqkbnr/pppppppp/8/3p4/4P3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 d7d5,e2e4 d2";
  Position pos = parse_fen(fen, kInchworm);
  EXPECT_TRUE(pos.is_stretched(make_square(4, 1)));
  EXPECT_TRUE(pos.is_stretched(make_square(4, 3)));
  EXPECT_EQ(pos.partner[make_square(4, 1)], make_square(4, 3));
  EXPECT_FALSE(pos.double_step & bit(make_square(3, 1)));  // d2 retreated there
  EXPECT_TRUE(pos.double_step & bit(make_square(2, 1)));
  // The writer lists stretches by origin square.
  EXPECT_EQ(to_fen(pos, kInchworm),
            "rnbqkbnr/pppppppp/8/3p4/4P3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2 e2e4,d7d5 d2");
  EXPECT_EQ(pos.key, pos.compute_key());
}

TEST(Fen, HalfPiecesRoundTripInLongWorm) {
  const std::string fen = "4k3/8/8/3q*4/8/2N*5/8/4K3 w - - 0 1";
  Position pos = parse_fen(fen, kLongWorm);
  EXPECT_EQ(pos.board[make_square(3, 4)], make_piece(kBlack, kHalfQueen));
  EXPECT_EQ(pos.board[make_square(2, 2)], make_piece(kWhite, kHalfKnight));
  EXPECT_EQ(to_fen(pos, kLongWorm), fen);
}

TEST(Fen, PendingCastlingRightWithItsStretchedKing) {
  // The king stretched e1-g1 keeps K until it consolidates.
  const std::string fen = "4k3/8/8/8/8/8/8/4K1KR b K - 1 1 e1g1 -";
  EXPECT_EQ(to_fen(parse_fen(fen, kInchworm), kInchworm), fen);
  expect_rejected("4k3/8/8/8/8/8/8/4K1KR b Q - 1 1 e1g1", kInchworm, "castling right Q");
}

TEST(Fen, MalformedPositionsAreRejectedWithTheReason) {
  expect_rejected("8/8/8/8/8/8/8 w - - 0 1", kFide, "8 ranks");
  expect_rejected("8/8/8/8/8/8/8/K6kk w - - 0 1", kFide, "more than 8 squares");
  expect_rejected("8/8/8/8/8/8/8/K5k w - - 0 1", kFide, "7 squares");
  expect_rejected("8/8/8/8/8/8/8/K5xk w - - 0 1", kFide, "unknown piece letter 'x'");
  expect_rejected("8/8/8/8/8/8/8/K7 w - - 0 1", kFide, "Black needs exactly one king, has 0");
  expect_rejected("8/8/8/8/8/8/8/K6K w - - 0 1", kFide, "White needs exactly one king, has 2");
  expect_rejected("P7/8/8/8/8/8/8/K6k w - - 0 1", kFide, "consolidated pawn on a8");
  expect_rejected("8/8/8/8/8/8/8/K6k x - - 0 1", kFide, "side to move");
  expect_rejected("8/8/8/8/8/8/8/K6k w KK - 0 1", kFide, "given twice");
  expect_rejected("8/8/8/8/8/8/8/K6k w K - 0 1", kFide, "rook on h1");
  expect_rejected("r2k4/8/8/8/8/8/8/K7 w q - 0 1", kFide, "castling right q needs the king on e8");
  expect_rejected("8/8/8/8/8/8/8/K6k w - e6 0 1", kFide, "does not follow a two-square pawn move");
  expect_rejected("8/8/8/8/8/8/8/K6k w - e3 0 1", kFide, "not on rank 6");
  expect_rejected("8/8/8/8/8/8/8/K6k w - - x 1", kFide, "halfmove clock");
  expect_rejected("8/8/8/8/8/8/8/K6k w - - 70000 1", kFide, "halfmove clock must be from 0 to 10000");
  expect_rejected("8/8/8/8/8/8/8/K6k w - - 0 0", kFide, "fullmove number must be from 1");
  expect_rejected("8/8/8/8/8/8/8/K6k w - - 0", kFide, "expected 4, 6, 7 or 8 fields");
  expect_rejected("7k/8/8/8/8/8/8/K6R w - - 0 1", kFide, "side not to move is in check");
}

TEST(Fen, VariantFeaturesOutsideTheirVariantAreRejected) {
  expect_rejected("4k3/8/8/8/4P3/8/4P3/4K3 w - - 0 1 e2e4 -", kFide, "inchworm: true");
  expect_rejected("4k3/8/8/3q*4/8/8/8/4K3 w - - 0 1", kInchworm, "only in Long Worm Chess");
  expect_rejected("4k3/8/8/3p*4/8/8/8/4K3 w - - 0 1", kLongWorm, "no half pawn");
  expect_rejected("4k3/8/8/8/4P3/8/4N3/4K3 w - - 0 1 e2e4 -", kInchworm, "same whole piece letter");
  expect_rejected("4k3/8/8/8/4N3/8/4N3/4K3 w - - 0 1 e2e4 -", kInchworm,
                  "not a move of that piece");
  expect_rejected("4k3/8/8/8/4P3/8/4P3/4K3 w - - 0 1 e2e4,e4e2 -", kInchworm, "another stretch");
  expect_rejected("4k3/8/8/8/4P3/8/4P3/4K3 w - - 0 1 e2 -", kInchworm, "two different squares");
  expect_rejected("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 - e9", kInchworm, "not a square");
  expect_rejected("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 - e3", kInchworm, "start square");
  expect_rejected("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 - d2", kInchworm, "start square");
}

TEST(Fen, StateWritesAPositionItReadsBack) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = testing::load_chess(which);
    for (const auto& s : testing::random_walk(*game, 7, 150)) {
      auto again = game->new_state_from_position(s->to_position());
      ASSERT_EQ(again->to_position(), s->to_position()) << which;
      ASSERT_EQ(again->position().key, s->position().key) << which << " " << s->to_position();
    }
  }
}

}  // namespace
}  // namespace inchzero::chess
