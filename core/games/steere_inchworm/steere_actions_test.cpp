// The decision action space of Steere's Inchworm: origin and head-relative
// target in the mover's frame (the board turned half round for Blue).
#include <gtest/gtest.h>

#include <random>

#include "core/games/steere_inchworm/steere_test_util.h"

namespace inchzero::steere {
namespace {

using testing::at;
using testing::make;
using testing::start;

TEST(SteereActions, SquaresAndTargetsInTheMoversFrame) {
  auto game = make();  // 6 x 7, 42 squares
  const Grid& g = game->grid();
  auto s = start(*game);
  // Red f2-off: f2 is square 11 in Red's (the board's) frame.
  EXPECT_EQ(s->parse_move("f2-off"), (Move{game->move_action(g.parse_square("f2"), kOff)}));
  s->apply_move(s->parse_move("a7-off"));
  // Blue b7-a7 is a lone single stepping to its right: in Blue's frame b7 is
  // the square of e1, and the target is "forward/right of the head" = right.
  EXPECT_EQ(s->parse_move("b7-a7"), (Move{game->move_action(g.parse_square("e1"), kHeadRight)}));
  EXPECT_EQ(game->action_to_string(game->move_action(g.parse_square("e1"), kHeadRight)),
            "frame:e1>head-right");
  EXPECT_EQ(game->action_to_string(game->pass_action()), "pass");
  EXPECT_EQ(game->num_actions(), 6 * 42 + 1);
}

// Turn the board half round and exchange the colours: Red's position seen by
// Blue. The rules are the same in each player's frame, so the mover's
// actions must be identical.
std::string turned(const SteereGame& game, const SteereState& s) {
  const Grid& g = game.grid();
  Board b;
  for (int c = 0; c < g.num_cells(); ++c) {
    const int image = g.num_cells() - 1 - c;
    for (int h = 0; h < s.board().height[c]; ++h) b.push(image, 1 - s.board().owner[c]);
  }
  auto t = start(game);
  t->set_position(b, 1 - s.to_move(), s.borne_off(kBlue), s.borne_off(kRed), s.ply());
  return t->to_position();
}

TEST(SteereActions, BothPlayersSeeTheSameActionsInTheirFrames) {
  for (auto size : std::vector<std::vector<std::string>>{{}, {"width=4", "height=5"}}) {
    auto game = make(size);
    std::mt19937_64 rng(5);
    for (int g = 0; g < 6; ++g) {
      auto s = start(*game);
      for (int ply = 0; ply < 300 && !s->is_terminal(); ++ply) {
        const std::vector<Action> legal = s->legal_actions();
        auto mirror = at(*game, turned(*game, *s));
        EXPECT_EQ(mirror->legal_actions(), legal) << s->to_position();
        if (::testing::Test::HasFailure()) return;
        s->apply_action(legal[rng() % legal.size()]);
      }
    }
  }
}

TEST(SteereActions, OnlyTheIdentitySymmetry) {
  auto game = make();
  EXPECT_EQ(game->num_symmetries(), 1);
  EXPECT_EQ(game->transform_action(17, 0), 17);
}

}  // namespace
}  // namespace inchzero::steere
