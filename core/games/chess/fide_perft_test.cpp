// FIDE chess (inchworm: false) must reproduce the published perft counts:
// chessprogramming.org "Perft Results" positions 1-6 (perft_positions.h), and the special-case
// positions of Martin Sedlak's perft suite (e.p. pins, castling checks,
// promotions, stalemates). Deeper counts live in `inchzero bench rules`.
#include <gtest/gtest.h>

#include "core/games/chess/fast_perft.h"
#include "core/games/chess/movegen.h"
#include "core/games/chess/perft_positions.h"
#include "core/games/chess/test_util.h"
#include "core/perft.h"

namespace inchzero::chess {
namespace {

using testing::load_chess;
using testing::start;

struct PerftCase {
  const char* name;
  const char* fen;
  std::vector<uint64_t> counts;  // depth 1, 2, ...
};

// Martin Sedlak's special cases (the deepest published count of each).
const std::vector<std::pair<PerftCase, int>>& special_cases() {
  static const std::vector<std::pair<PerftCase, int>> cases = {
      {{"illegal_ep_1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {1134888}}, 6},
      {{"illegal_ep_2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {1015133}}, 6},
      {{"ep_gives_check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {1440467}}, 6},
      {{"short_castle_check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", {661072}}, 6},
      {{"long_castle_check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {803711}}, 6},
      {{"castle_rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {1274206}}, 4},
      {{"castle_prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {1720476}}, 4},
      {{"promote_out_of_check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {3821001}}, 6},
      {{"discovered_check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {1004658}}, 5},
      {{"promote_to_check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {217342}}, 6},
      {{"underpromote_to_check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", {92683}}, 6},
      {{"self_stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", {2217}}, 6},
      {{"stalemate_checkmate_1", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {567584}}, 7},
      {{"stalemate_checkmate_2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {23527}}, 4},
  };
  return cases;
}

TEST(FidePerft, PublishedPositionsAtEveryDepth) {
  auto game = load_chess("fide");
  for (const PerftPosition& p : published_perft_positions()) {
    auto state = start(*game, p.fen);
    for (int d = 1; d <= p.test_depth; ++d)
      EXPECT_EQ(state->perft(d), p.counts[d - 1]) << p.name << " depth " << d;
  }
}

TEST(FidePerft, SpecialCasePositions) {
  auto game = load_chess("fide");
  for (const auto& [c, depth] : special_cases())
    EXPECT_EQ(start(*game, c.fen)->perft(depth), c.counts[0]) << c.name << " depth " << depth;
}

// The fast Position walk and the generic State walk (legal_moves + clone +
// decisions) count the same trees.
TEST(FidePerft, FastWalkEqualsGenericWalk) {
  auto game = load_chess("fide");
  for (const PerftPosition& p : published_perft_positions()) {
    auto state = start(*game, p.fen);
    EXPECT_EQ(generic_perft(*state, 2), state->perft(2)) << p.name;
  }
  EXPECT_EQ(generic_perft(*start(*game), 3), 8902u);
}

// Inchworm and Long Worm Chess have no published counts: the fast walk is
// checked against the generic walk over the decision-level interface, from
// the start and from positions along random games (stretched pieces, half
// pieces, pending castlings...).
TEST(FidePerft, FastWalkEqualsGenericWalkInInchwormModes) {
  for (const char* which : {"inchworm", "longworm"}) {
    auto game = load_chess(which);
    EXPECT_EQ(generic_perft(*start(*game), 3), start(*game)->perft(3)) << which;
    for (uint32_t seed = 1; seed <= 4; ++seed) {
      const auto walk = testing::random_walk(*game, seed, 160);
      for (size_t i = 0; i < walk.size(); i += 20)
        ASSERT_EQ(generic_perft(*walk[i], 2), walk[i]->perft(2))
            << which << " " << walk[i]->to_position();
    }
  }
}

// The shortcut legality test (pins computed once per position) agrees with
// applying every pseudo-legal move, along random games of all three rule sets.
TEST(FidePerft, ShortcutLegalityEqualsApplyingEveryMove) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = load_chess(which);
    for (uint32_t seed = 1; seed <= 20; ++seed) {
      for (const auto& s : testing::random_walk(*game, seed, 200)) {
        const Position& pos = s->position();
        MoveList pseudo, legal;
        generate_pseudo_legal(pos, game->variant(), pseudo);
        generate_legal(pos, game->variant(), legal);
        int brute = 0;
        for (const ChessMove& m : pseudo) brute += is_legal(pos, m, game->variant());
        ASSERT_EQ(legal.size, brute) << which << " seed " << seed << " at " << s->to_position();
        ASSERT_EQ(count_legal(pos, game->variant()), brute);
      }
    }
  }
}

// The incremental Zobrist key always equals the key computed from scratch.
TEST(FidePerft, IncrementalKeyEqualsRecomputedKey) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = load_chess(which);
    for (uint32_t seed = 1; seed <= 10; ++seed)
      for (const auto& s : testing::random_walk(*game, seed, 300))
        ASSERT_EQ(s->position().key, s->position().compute_key())
            << which << " " << s->to_position();
  }
}

}  // namespace
}  // namespace inchzero::chess
