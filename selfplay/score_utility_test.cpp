// The score utility of the search (search_config.h: score_utility): leaf
// values lean toward the side ahead on points.
#include <gtest/gtest.h>

#include <cmath>

#include "model/backend.h"
#include "selfplay/searcher.h"
#include "tests/learning/tictactoe.h"

namespace inchzero {
namespace {

// One plane: +1 for the mover's marks, -1 for the other's.
class CellEncoder : public Encoder {
 public:
  ObservationShape shape() const override { return {1, 3, 3}; }
  void encode(const State& state, int, float* out) const override {
    const std::string board = state.to_text();
    int cell = 0;
    for (char c : board) {
      if (c == '\n') continue;
      out[cell++] = c == '.' ? 0.0f : ((c == 'X') == (state.current_player() == 0) ? 1.0f : -1.0f);
    }
  }
};

RootSummary root_search(double utility) {
  auto game = std::make_shared<testing::TicTacToeGame>(/*with_points=*/true);
  auto encoder = std::make_shared<CellEncoder>();
  std::shared_ptr<InferenceBackend> uniform =
      make_backend("uniform", BackendShape{encoder->shape().size(), game->num_actions()});
  SearchConfig config;
  config.score_utility = utility;
  config.score_utility_scale = 1.0;
  Searcher searcher(game, encoder, uniform, config, 1);
  // X holds a cell of the scoring middle row (1 point to 0); nobody threatens
  // a line; X to move.
  testing::TicTacToeState state(*game);
  state.set_cell(1, 0, 0);
  state.set_cell(0, 1, 0);
  state.set_cell(0, 0, 1);
  state.set_cell(2, 1, 1);
  searcher.set_position(state);
  return searcher.search(64);
}

TEST(ScoreUtility, LeafValuesFollowThePointsMargin) {
  // Without the utility a uniform network sees only the game's end; with it
  // the side ahead on points sees a clearly better position.
  const float off = root_search(0.0).utility, on = root_search(0.5).utility;
  EXPECT_GT(on, off + 0.2f);
  EXPECT_GT(on, 0.2f);
  EXPECT_LE(on, 1.0f);
}

TEST(ScoreUtility, TheWinLossValueLeavesThePointsOut) {
  // Resignation and game records read `value`: the chance to win, which the
  // points margin must not move (a large deficit made self-play resign games
  // it would have won). Without the utility both readings agree.
  const RootSummary off = root_search(0.0), on = root_search(0.5);
  EXPECT_NEAR(off.value, off.utility, 1e-5);
  EXPECT_GT(on.utility, on.value + 0.2f);
  EXPECT_LT(std::abs(on.value), 0.2f) << "a uniform network sees no winner yet";
}

}  // namespace
}  // namespace inchzero
