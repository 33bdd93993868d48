// Board symmetries of Invector: mirroring files and/or ranks maps the pair of
// centre pits onto itself, so the image of a position has exactly the images
// of its legal moves.
#include <gtest/gtest.h>

#include <random>

#include "core/games/invector/invector_test_util.h"

namespace inchzero::invector {
namespace {

using testing::make;

// The image of `s` under symmetry `sym`.
std::unique_ptr<InvectorState> transformed(const InvectorState& s, int sym) {
  const InvectorGame& game = s.invector();
  std::array<int8_t, InvectorState::kMaxCells> board{};
  board.fill(kNoStone);
  for (int c = 0; c < game.grid().num_cells(); ++c)
    board[game.transform_cell(c, sym)] = static_cast<int8_t>(s.owner(c));
  auto out = testing::start(game);
  out->set_position(board, s.to_move(), s.pie_pending(), s.ply());
  return out;
}

TEST(InvectorSymmetry, CentrePitsAreFixedAsAPair) {
  for (auto size : std::vector<std::vector<std::string>>{{}, {"width=5", "height=4"}}) {
    auto game = make(size);
    for (int sym = 0; sym < game->num_symmetries(); ++sym) {
      const std::set<int> pits{game->centre_pit(0), game->centre_pit(1)};
      const std::set<int> images{game->transform_cell(game->centre_pit(0), sym),
                                 game->transform_cell(game->centre_pit(1), sym)};
      EXPECT_EQ(images, pits) << "symmetry " << sym;
    }
  }
}

TEST(InvectorSymmetry, LegalMovesMapOntoLegalMoves) {
  for (auto size : std::vector<std::vector<std::string>>{{}, {"width=5", "height=4"}}) {
    auto game = make(size);
    std::mt19937_64 rng(11);
    for (int g = 0; g < 4; ++g) {
      auto s = testing::start(*game);
      while (!s->is_terminal()) {
        const std::vector<Action> legal = s->legal_actions();
        for (int sym = 0; sym < game->num_symmetries(); ++sym) {
          std::vector<Action> mapped;
          for (Action a : legal) mapped.push_back(game->transform_action(a, sym));
          std::sort(mapped.begin(), mapped.end());
          EXPECT_EQ(transformed(*s, sym)->legal_actions(), mapped) << s->to_position();
        }
        s->apply_action(legal[rng() % legal.size()]);
      }
    }
  }
}

TEST(InvectorSymmetry, EachSymmetryPermutesTheActions) {
  auto game = make({"width=5", "height=4"});
  for (int sym = 0; sym < game->num_symmetries(); ++sym) {
    std::set<Action> images;
    for (Action a = 0; a < game->num_actions(); ++a) {
      const Action b = game->transform_action(a, sym);
      EXPECT_TRUE(b >= 0 && b < game->num_actions());
      images.insert(b);
      if (sym == 0) {
        EXPECT_EQ(b, a);
      }
    }
    EXPECT_EQ(images.size(), static_cast<size_t>(game->num_actions())) << "symmetry " << sym;
  }
}

TEST(InvectorSymmetry, FileMirrorSwapsEastAndWest) {
  auto game = make();
  const int c3 = game->grid().parse_square("c3"), f3 = game->grid().parse_square("f3");
  EXPECT_EQ(game->transform_action(game->step_action(c3, kEast), 1), game->step_action(f3, kWest));
  EXPECT_EQ(game->transform_action(game->step_action(c3, kNorth), 2),
            game->step_action(game->grid().parse_square("c5"), kSouth));
  EXPECT_EQ(game->transform_action(game->swap_action(), 3), game->swap_action());
  EXPECT_EQ(game->transform_action(game->pass_action(), 3), game->pass_action());
}

}  // namespace
}  // namespace inchzero::invector
