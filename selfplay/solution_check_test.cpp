// check_against_solution counted by hand: the uniform backend's raw policy
// is a tie, so its choice is the lowest legal decision, and its value is 0,
// so its value error is the share of decided (non-draw) positions.
#include "selfplay/solution_check.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/registry.h"
#include "core/solver/solver.h"
#include "selfplay/searcher.h"

namespace inchzero {
namespace {

TEST(SolutionCheck, UniformNetworkErrorsMatchTheSolution) {
  std::shared_ptr<const Game> game = load_game(
      "inchworm", "",
      {"width=3", "height=3", "stock=2", "target_score=1", "max_plies=5", "repetition_draw=0"});
  const solver::Solution solution = solver::solve(*game);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  std::shared_ptr<InferenceBackend> backend =
      make_backend("uniform", {encoder->shape().size(), game->num_actions()});

  int64_t contested = 0, lowest_wrong = 0, decided = 0;
  for (const solver::SolvedPosition& p : solution.positions) {
    decided += p.value != solver::kDraw;
    if (!p.contested()) continue;
    ++contested;
    const auto legal = solver::state_for_key(*game, p.key)->legal_actions();
    lowest_wrong += !std::binary_search(p.best.begin(), p.best.end(), legal.front());
  }
  ASSERT_GT(contested, 0);
  ASSERT_GT(decided, 0);

  SolutionCheckOptions options;
  options.sample = 0;  // every position
  options.visits = 8;
  const SolutionCheck check = check_against_solution(game, encoder, backend, solution, options);
  EXPECT_EQ(check.positions, static_cast<int64_t>(solution.positions.size()));
  EXPECT_EQ(check.contested, contested);
  EXPECT_EQ(check.solved_contested, contested);
  EXPECT_EQ(check.policy_errors, lowest_wrong);
  EXPECT_NEAR(check.mean_value_error(),
              static_cast<double>(decided) / static_cast<double>(solution.positions.size()), 1e-6);
  // The searches' errors recounted with searches of our own: with the
  // uniform network and no noise a search's choice does not depend on the
  // positions searched before it, so a fresh searcher per position agrees.
  int64_t search_wrong = 0;
  for (const solver::SolvedPosition& p : solution.positions) {
    if (!p.contested()) continue;
    Searcher searcher(game, encoder, backend, SearchConfig{}, 1);
    searcher.set_position(*solver::state_for_key(*game, p.key));
    searcher.search(options.visits, /*add_noise=*/false);
    search_wrong += !std::binary_search(p.best.begin(), p.best.end(), searcher.choose_action(0.0f));
  }
  ASSERT_GT(search_wrong, 0);  // else the recount could not tell a miscount
  EXPECT_EQ(check.search_errors, search_wrong);

  // A sample: the requested count, the same for the same seed.
  options.sample = 20;
  options.seed = 7;
  const SolutionCheck a = check_against_solution(game, encoder, backend, solution, options);
  const SolutionCheck b = check_against_solution(game, encoder, backend, solution, options);
  EXPECT_EQ(a.positions, 20);
  EXPECT_EQ(a.contested, std::min<int64_t>(20, contested));
  EXPECT_EQ(a.to_json().dump(), b.to_json().dump());
}

}  // namespace
}  // namespace inchzero
