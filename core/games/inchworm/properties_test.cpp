// Properties over thousands of random games (seeded): pieces are conserved
// across board, stocks and prisoners; scores never fall; hashing follows
// clones; the move in progress is reported consistently.
#include <gtest/gtest.h>

#include <random>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

// Pieces of `colour` on the board, in its stock, and held by the opponent.
int pieces_of(const InchwormState& s, int colour) {
  int n = s.stock(colour) + s.prisoners(1 - colour);
  for (int c = 0; c < s.geometry().num_cells(); ++c)
    if (s.owner(c) == colour) n += s.height(c);
  return n;
}

class Properties : public ::testing::TestWithParam<std::vector<std::string>> {};

TEST_P(Properties, HoldOverRandomGames) {
  auto g = testing::game(GetParam());
  std::mt19937_64 rng(12345);
  std::vector<Action> legal;
  int games = 0, captures = 0, compound = 0;
  for (; games < 400; ++games) {
    auto s = g->new_initial_state();
    const int red = pieces_of(*s, kRed), blue = pieces_of(*s, kBlue);
    int score[2] = {0, 0};
    while (!s->is_terminal()) {
      s->legal_actions_into(legal);
      ASSERT_FALSE(legal.empty());
      s->apply_action(legal[rng() % legal.size()]);
      if (s->in_compound_move()) {
        ++compound;
        ASSERT_GE(s->move_source(), 0);
        ASSERT_EQ(s->owner(s->move_last_square()), s->to_move());
        if (s->move_kind() == MoveKind::kDistribute) {
          ASSERT_GT(s->pieces_left(), 0);
        }
        // Pieces in hand are off the board until placed.
        ASSERT_EQ(pieces_of(*s, s->to_move()) + s->pieces_left(),
                  s->to_move() == kRed ? red : blue);
        continue;
      }
      ASSERT_EQ(pieces_of(*s, kRed), red);
      ASSERT_EQ(pieces_of(*s, kBlue), blue);
      for (int p : {kRed, kBlue}) {
        ASSERT_GE(s->score(p), score[p]);
        score[p] = s->score(p);
        ASSERT_GE(s->stock(p), 0);
        ASSERT_GE(s->prisoners(p), 0);
      }
      if (s->last_captures().any()) {
        ++captures;
        ASSERT_EQ(s->plies_since_capture(), 0);
      }
      if (s->ply() % 16 == 0) {
        auto c = s->clone_state();
        ASSERT_EQ(c->hash(), s->hash());
        ASSERT_EQ(c->position(), s->position());
        // Position notation round trip reproduces the position.
        ASSERT_EQ(g->new_state_from_position(s->to_position())->position(), s->position());
      }
    }
  }
  EXPECT_EQ(games, 400);
  EXPECT_GT(captures, 0) << "random games should capture sometimes";
  EXPECT_GT(compound, 0);
}

INSTANTIATE_TEST_SUITE_P(
    RuleSets, Properties,
    ::testing::Values(
        std::vector<std::string>{"width=5", "height=5", "stock=10", "target_score=20"},
        std::vector<std::string>{"width=5", "height=4", "stock=8", "topology=torus",
                                 "target_score=15"},
        std::vector<std::string>{"width=4", "height=5", "stock=8", "topology=cylinder",
                                 "drop_prisoners=true", "target_score=15"},
        std::vector<std::string>{"width=5", "height=5", "stock=10", "menke=true",
                                 "enclosure_capture=true", "enclosed_space_points=true",
                                 "target_score=20"},
        std::vector<std::string>{"width=5", "height=5", "stock=10", "mover_priority=true",
                                 "smaller_group_only=true", "target_score=20"}));

}  // namespace
}  // namespace inchzero::inchworm
