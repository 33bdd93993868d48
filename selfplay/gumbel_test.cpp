// Gumbel root search with Sequential Halving.
#include "selfplay/gumbel.h"

#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "model/backend.h"
#include "selfplay/searcher.h"
#include "selfplay/selfplay_worker.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

TEST(Gumbel, ConsideredVisitSequenceHalvesTheCandidates) {
  // 4 candidates, 8 simulations: one round of 4, then two rounds of the best 2.
  EXPECT_EQ(gumbel::considered_visit_sequence(4, 8), (std::vector<int>{0, 0, 0, 0, 1, 1, 2, 2}));
  EXPECT_EQ(gumbel::considered_visit_sequence(1, 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(gumbel::considered_visit_sequence(16, 200).size(), 200u);
}

TEST(Gumbel, CompletedQFillsUnvisitedWithTheMixedValue) {
  // Two visited children (q = 1 and -1, priors 0.3 each), one unvisited; the
  // root's own value is 0 and 4 visits were made: mixed = (0 + 4*0) / 5 = 0,
  // the middle of the range after rescaling.
  const auto sigma =
      gumbel::sigma_completed_q({1, -1, 0.7f}, {2, 2, 0}, {0.3f, 0.3f, 0.4f}, 0, 50, 1);
  ASSERT_EQ(sigma.size(), 3u);
  EXPECT_NEAR(sigma[0], 52.0f, 1e-4);  // (50 + max visits 2) * 1 * 1
  EXPECT_NEAR(sigma[1], 0.0f, 1e-4);
  EXPECT_NEAR(sigma[2], 26.0f, 1e-4);
  const auto p = gumbel::improved_policy({0, 0, 0}, {0, std::log(3.0f), 0});
  EXPECT_NEAR(p[1], 0.6f, 1e-6);
}

// sigma(q) = (c_visit + max_b N(b)) * c_scale * q with max_b N(b) the largest
// child visit count (5 here), not the total (6): mctx's value_scale 0.1.
TEST(Gumbel, SigmaScalesByTheMostVisitedChild) {
  const auto sigma =
      gumbel::sigma_completed_q({0.5f, -0.5f, 0}, {5, 1, 0}, {0.4f, 0.3f, 0.3f}, 0, 50, 0.1);
  EXPECT_NEAR(sigma[0], 5.5f, 1e-4);  // (50 + 5) * 0.1 * 1
  EXPECT_NEAR(sigma[1], 0.0f, 1e-4);
  // With c_scale 0.1 the improved policy of equal logits keeps mass on the
  // worse actions (with 1.0 the best one would get all but ~1e-24 of it).
  const auto p = gumbel::improved_policy({0, 0, 0}, sigma);
  EXPECT_GT(p[1], 1e-3f);
  EXPECT_LT(p[0], 0.99f);
}

struct GumbelFixture {
  std::shared_ptr<const Game> game = toy::make_ring_game(8);
  std::shared_ptr<const Encoder> encoder = toy::make_toy_encoder(*game);
  std::shared_ptr<InferenceBackend> backend =
      make_backend("mock", {encoder->shape().size(), game->num_actions()});
  std::shared_ptr<InferenceBackend> uniform =
      make_backend("uniform", {encoder->shape().size(), game->num_actions()});
  SearchConfig config() const {
    SearchConfig c;
    c.gumbel = true;
    c.gumbel_considered = 8;
    c.random_symmetry = false;
    return c;
  }
};

TEST(Gumbel, FewSimulationsFindTheWinAndTheBlock) {
  GumbelFixture f;
  Searcher win(f.game, f.encoder, f.backend, f.config(), 1);
  win.set_position(*toy::ring_state(*f.game, "xx..oo.."));
  const RootSummary summary = win.search(17, /*add_noise=*/true);
  const Action a = win.choose_action(1.0f);
  EXPECT_TRUE(a == 2 || a == 7) << a;
  // The improved policy is a distribution that puts most mass on the wins.
  ASSERT_EQ(summary.policy_target.size(), summary.children.size());
  float total = 0, on_wins = 0;
  for (size_t i = 0; i < summary.children.size(); ++i) {
    total += summary.policy_target[i];
    if (summary.children[i].action == 2 || summary.children[i].action == 7) {
      on_wins += summary.policy_target[i];
    }
  }
  EXPECT_NEAR(total, 1.0f, 1e-5);
  EXPECT_GT(on_wins, 0.5f);

  // Blocking needs the reply found below the root, where PUCT follows the
  // priors: give it uninformative ones (the mock's may hide the reply).
  Searcher block(f.game, f.encoder, f.uniform, f.config(), 1);
  block.set_position(*toy::ring_state(*f.game, "x..x.o.o"));
  block.search(33, /*add_noise=*/true);
  EXPECT_EQ(block.choose_action(1.0f), 6);
}

TEST(Gumbel, NoiseComesFromTheSeed) {
  GumbelFixture f;
  // With equal values (uniform network) only the noise tells the actions apart.
  auto first_move = [&](uint64_t seed) {
    Searcher s(f.game, f.encoder, f.uniform, f.config(), seed);
    s.search(9, /*add_noise=*/true);
    return s.choose_action(0);
  };
  EXPECT_EQ(first_move(3), first_move(3));
  std::set<Action> moves;
  for (uint64_t seed = 0; seed < 20; ++seed) moves.insert(first_move(seed));
  EXPECT_GT(moves.size(), 2u) << "Gumbel noise should vary the opening move";
}

TEST(Gumbel, SelfPlayRecordsTheImprovedPolicy) {
  const auto game = toy::make_compound_nim({3, 4, 5}, 3);
  const auto encoder = toy::make_toy_encoder(*game);
  std::shared_ptr<InferenceBackend> backend =
      make_backend("mock", {encoder->shape().size(), game->num_actions()});
  SelfPlayConfig config;
  config.workers = 1;
  config.games_per_worker = 4;
  config.full_visits = 16;
  config.cheap_visits = 4;
  config.resign_threshold = -1;
  config.search.gumbel = true;
  int64_t searched = 0;
  SelfPlayRunner runner(
      game, encoder, [backend](int) { return backend; }, config, 9);
  runner.play(4, nullptr, [&](GameRecord&& r) {
    for (const auto& d : r.decisions) {
      if (d.flags & DecisionRecord::kForced) continue;
      ++searched;
      EXPECT_TRUE(d.flags & DecisionRecord::kImprovedPolicy);
      uint32_t units = 0;
      for (const auto& [a, n] : d.visits) units += n;
      EXPECT_NEAR(units, 65535, 64);
    }
  });
  EXPECT_GT(searched, 0);
}

}  // namespace
}  // namespace inchzero
