// PUCT search on toy games with controlled "networks".
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "selfplay/searcher.h"
#include "tests/learning/fake_backends.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

using testing::FunctionBackend;

SearchConfig quiet_config() {
  SearchConfig config;
  config.random_symmetry = false;
  return config;
}

// A toy game with its encoder and one of the model layer's network-free
// backends: "mock" (pseudo-random priors and values) or "uniform".
struct Fixture {
  std::shared_ptr<const Game> game;
  std::shared_ptr<const Encoder> encoder;
  std::shared_ptr<InferenceBackend> backend;
  explicit Fixture(std::shared_ptr<const Game> g, const std::string& backend_spec = "mock")
      : game(std::move(g)),
        encoder(toy::make_toy_encoder(*game)),
        backend(make_backend(backend_spec, {encoder->shape().size(), game->num_actions()})) {}
  Searcher searcher(const SearchConfig& config = quiet_config(), uint64_t seed = 1) {
    return Searcher(game, encoder, backend, config, seed);
  }
};

// A clone of the root in every simulation cost an allocation each time: the
// leaf state and the leaf's legal-action buffer must stay the same objects
// through a search and across moves (State::copy_from, legal_actions_into).
TEST(SearchTree, SimulationsReuseTheScratchStateAndTheLegalActionBuffer) {
  Fixture f(toy::make_ring_game(8));
  SearchTree tree(*f.game, quiet_config(), nullptr, 1);
  tree.reset(*f.game->initial_state());
  std::mt19937_64 rng(1);
  const State* scratch = nullptr;
  const Action* buffer = nullptr;
  int evaluations = 0;
  for (int move = 0; move < 2; ++move) {
    tree.begin_search(false, rng, 30);
    while (tree.root_visits() < 30) {
      if (tree.select_leaf() != SearchTree::Leaf::kNeedsEvaluation) continue;
      if (scratch == nullptr) {
        scratch = &tree.leaf_state();
        buffer = tree.leaf_legal().data();  // the root's 8 actions: the largest list
      }
      ASSERT_EQ(&tree.leaf_state(), scratch) << "evaluation " << evaluations;
      ASSERT_EQ(tree.leaf_legal().data(), buffer) << "evaluation " << evaluations;
      ASSERT_EQ(tree.leaf_legal(), tree.leaf_state().legal_actions());
      auto eval = std::make_shared<Evaluation>();
      eval->draw = 1;
      eval->priors.assign(tree.leaf_legal().size(), 1.0f / tree.leaf_legal().size());
      tree.complete_leaf(std::move(eval));
      ++evaluations;
    }
    tree.advance(tree.choose_action(0, rng));
  }
  EXPECT_GT(evaluations, 30);  // the second search evaluated too
}

TEST(SearchTree, TakesAnImmediateWinOnTheRing) {
  Fixture f(toy::make_ring_game(8));
  Searcher searcher = f.searcher();
  searcher.set_position(*toy::ring_state(*f.game, "xx..oo.."));  // x to move, wins at 2 or 7
  const RootSummary summary = searcher.search(200);
  const Action best = searcher.choose_action(0);
  EXPECT_TRUE(best == 2 || best == 7) << "chose " << best;
  EXPECT_GT(summary.value, 0.5f);
}

TEST(SearchTree, BlocksTheOpponentsOnlyThreat) {
  // The value must flip at the turn change: o's win after x's move is bad for x.
  Fixture f(toy::make_ring_game(8));
  Searcher searcher = f.searcher();
  searcher.set_position(*toy::ring_state(*f.game, "x..x.o.o"));  // o threatens cell 6
  searcher.search(400);
  EXPECT_EQ(searcher.choose_action(0), 6);
}

TEST(SearchTree, FindsTheWinningCompoundMoveInNim) {
  // Piles (1, 2): the only win is "pile 1, take 1", leaving (1, 1).
  Fixture f(toy::make_compound_nim({1, 2}, 2));
  Searcher searcher = f.searcher();
  searcher.search(300);
  const Action pile = searcher.choose_action(0);
  EXPECT_EQ(pile, 1);
  searcher.play(pile);
  ASSERT_TRUE(searcher.state().in_compound_move());
  ASSERT_EQ(searcher.state().current_player(), 0);
  const RootSummary summary = searcher.search(300);
  EXPECT_EQ(searcher.choose_action(0), 2 + 0);  // take 1
  EXPECT_GT(summary.value, 0.5f);               // still player 0's win: no flip inside the move
}

// Root (player 0): action 0 continues player 0's compound move to a node
// where it can choose a win (or a loss); action 1 hands the turn to player 1
// in a drawn position. Flipping the value inside the compound move would
// value action 0 as a loss and pick action 1.
TEST(SearchTree, DoesNotFlipValuesInsideACompoundMove) {
  std::vector<toy::ScriptNode> nodes(7);
  nodes[0] = {0, {1, 2}, kNoPlayer, false};
  nodes[1] = {0, {3, 4}, kNoPlayer, true};
  nodes[2] = {1, {5, 6}, kNoPlayer, false};
  nodes[3].winner = 0;
  nodes[4].winner = 1;
  nodes[5].winner = nodes[6].winner = kNoPlayer;
  Fixture f(toy::make_scripted_game(nodes), "uniform");  // value 0 off the leaves
  Searcher searcher = f.searcher();
  const RootSummary summary = searcher.search(200);
  EXPECT_EQ(searcher.choose_action(0), 0);
  EXPECT_GT(summary.children[0].value, 0.5f);
  EXPECT_NEAR(summary.children[1].value, 0.0f, 1e-6);
  EXPECT_GT(summary.value, 0.5f);
}

// Root (player 0): action 0 gives player 1 the choice between player 0's
// win and player 1's win; action 1 continues player 0's move into a draw.
// Not flipping at the turn change would think player 1 picks player 0's win.
TEST(SearchTree, FlipsValuesWhenThePlayerToMoveChanges) {
  std::vector<toy::ScriptNode> nodes(6);
  nodes[0] = {0, {1, 2}, kNoPlayer, false};
  nodes[1] = {1, {3, 4}, kNoPlayer, false};
  nodes[2] = {0, {5}, kNoPlayer, true};
  nodes[3].winner = 0;
  nodes[4].winner = 1;
  nodes[5].winner = kNoPlayer;
  Fixture f(toy::make_scripted_game(nodes), "uniform");  // value 0 off the leaves
  Searcher searcher = f.searcher();
  const RootSummary summary = searcher.search(200);
  EXPECT_EQ(searcher.choose_action(0), 1);
  EXPECT_LT(summary.children[0].value, -0.5f);
  EXPECT_NEAR(summary.children[1].value, 0.0f, 1e-6);
  EXPECT_GT(summary.draw, 0.5f);  // the draw is what the root expects
}

std::vector<float> root_priors(const RootSummary& summary) {
  std::vector<float> priors;
  for (const auto& c : summary.children) priors.push_back(c.prior);
  return priors;
}

TEST(SearchTree, DirichletNoiseOnlyAtTheRootAndReproducibleFromTheSeed) {
  Fixture f(toy::make_ring_game(8), "uniform");
  SearchConfig config = quiet_config();
  config.dirichlet_alpha_total = 8;  // alpha = 1 per action: clearly non-uniform draws
  config.dirichlet_epsilon = 0.5f;
  auto noised = [&](uint64_t seed) {
    Searcher searcher = f.searcher(config, seed);
    return root_priors(searcher.search(50, /*add_noise=*/true));
  };
  const auto a = noised(11), b = noised(11), c = noised(12);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  float total = 0;
  for (float p : a) total += p;
  EXPECT_NEAR(total, 1.0f, 1e-5);
  EXPECT_GT(*std::max_element(a.begin(), a.end()) - *std::min_element(a.begin(), a.end()), 0.01f);

  // Below the root the priors are the network's (uniform), untouched by noise:
  // after playing a move the reused child becomes the root with clean priors.
  Searcher searcher = f.searcher(config, 11);
  searcher.search(200, /*add_noise=*/true);
  searcher.play(searcher.choose_action(0));
  ASSERT_GT(searcher.tree().root_visits(), 0) << "subtree should have been reused";
  for (float p : root_priors(searcher.tree().root_summary())) EXPECT_FLOAT_EQ(p, 1.0f / 7);
}

TEST(SearchTree, NoNoiseWithoutTheFlag) {
  Fixture f(toy::make_ring_game(8), "uniform");
  Searcher searcher = f.searcher();
  for (float p : root_priors(searcher.search(20, false))) EXPECT_FLOAT_EQ(p, 1.0f / 8);
}

TEST(SearchTree, TreeReuseKeepsTheChosenSubtree) {
  Fixture f(toy::make_ring_game(8));
  Searcher searcher = f.searcher();
  const RootSummary before = searcher.search(300);
  const Action a = searcher.choose_action(0);
  int child_visits = 0;
  for (const auto& c : before.children)
    if (c.action == a) child_visits = c.visits;
  searcher.play(a);
  EXPECT_EQ(searcher.tree().root_visits(), child_visits);

  SearchConfig no_reuse = quiet_config();
  no_reuse.reuse_tree = false;
  Searcher fresh = f.searcher(no_reuse);
  fresh.search(300);
  fresh.play(a);
  EXPECT_EQ(fresh.tree().root_visits(), 0);
}

TEST(SearchTree, CacheHitsReturnTheSameEvaluation) {
  Fixture f(toy::make_ring_game(8));
  auto cache = std::make_shared<EvalCache>(1 << 12);
  SearchConfig config = quiet_config();
  // A "network" whose priors depend on the position, so equality means something.
  auto backend = std::make_shared<FunctionBackend>(
      BackendShape{f.encoder->shape().size(), 8}, [](const float* in, float* logits, float* wdl) {
        for (int a = 0; a < 8; ++a) logits[a] = 0.3f * a + in[a] - in[8 + (a + 1) % 8];
        wdl[0] = 0.5f, wdl[1] = 0.3f, wdl[2] = 0.2f;
      });
  Searcher first(f.game, f.encoder, backend, config, 1, cache);
  const auto first_priors = root_priors(first.search(100));
  const int64_t calls = backend->calls();
  Searcher second(f.game, f.encoder, backend, config, 2, cache);
  const auto second_priors = root_priors(second.search(100));
  EXPECT_EQ(first_priors, second_priors);
  EXPECT_EQ(backend->calls(), calls) << "the same tree again should be answered from the cache";
  EXPECT_EQ(second.tree().counters().evaluations, 0);
  EXPECT_GT(second.tree().counters().cache_hits, 0);

  const auto state = f.game->initial_state();
  auto found = cache->find(state->hash());
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->priors, first_priors);
  EXPECT_FLOAT_EQ(found->value(), 0.3f);
}

TEST(SearchTree, TemperatureSamplingFollowsVisitsAndTheSeed) {
  Fixture f(toy::make_ring_game(8));
  Searcher searcher = f.searcher();
  searcher.search(100);
  std::mt19937_64 rng_a(5), rng_b(5);
  std::vector<Action> a, b;
  for (int i = 0; i < 20; ++i) {
    a.push_back(searcher.tree().choose_action(1.0f, rng_a));
    b.push_back(searcher.tree().choose_action(1.0f, rng_b));
  }
  EXPECT_EQ(a, b);
  EXPECT_GT(std::set<Action>(a.begin(), a.end()).size(), 1u) << "T=1 should vary on the empty ring";
}

}  // namespace
}  // namespace inchzero
