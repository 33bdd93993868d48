// Analysis in full moves: candidates are legal moves of the position (a
// multi-decision Inchworm move completed from the tree, or by the network
// where the tree stops), statistics add up, and every limit stops a search.
#include "engine/position_analysis.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/registry.h"
#include "model/encoder.h"
#include "tests/learning/fake_backends.h"

namespace inchzero {
namespace {

struct Fixture {
  std::shared_ptr<const Game> game = load_game("inchworm", "", {"target_score=200"});
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  std::shared_ptr<InferenceBackend> backend =
      make_backend("mock", {encoder->shape().size(), game->num_actions()});
  Searcher searcher{game, encoder, backend, SearchConfig(), 5};
};

// Positions from random play where some legal move takes several decisions
// (stacks to distribute or collect).
std::vector<std::unique_ptr<State>> positions_with_long_moves(const Game& game, int count) {
  std::vector<std::unique_ptr<State>> out;
  std::mt19937_64 rng(11);
  auto state = game.initial_state();
  while (static_cast<int>(out.size()) < count && !state->is_terminal()) {
    const std::vector<Move> legal = state->legal_moves();
    if (std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.size() > 1; }) &&
        rng() % 3 == 0)
      out.push_back(state->clone());
    state->apply_move(legal[rng() % legal.size()]);
  }
  return out;
}

void expect_legal_candidates(const State& state, const PositionAnalysis& a) {
  const std::vector<Move> legal = state.legal_moves();
  ASSERT_FALSE(a.candidates.empty());
  for (const CandidateMove& c : a.candidates) {
    EXPECT_NE(std::find(legal.begin(), legal.end(), c.move), legal.end()) << c.text;
    EXPECT_EQ(state.parse_move(c.text), c.move) << c.text;
    ASSERT_FALSE(c.pv.empty());
    EXPECT_EQ(c.pv.front(), c.text);
    EXPECT_NEAR(c.wdl.win + c.wdl.draw + c.wdl.loss, 1.0, 1e-6);
    // The principal variation is playable move by move.
    auto line = state.clone();
    for (const std::string& text : c.pv) {
      ASSERT_FALSE(line->is_terminal());
      EXPECT_NO_THROW(line->apply_move(line->parse_move(text))) << text;
    }
  }
}

TEST(PositionAnalysis, CandidatesAreLegalFullMovesWithConsistentStatistics) {
  Fixture f;
  int long_candidates = 0;
  for (const auto& state : positions_with_long_moves(*f.game, 6)) {
    SearchBudget budget;
    budget.max_visits = 300;
    const PositionAnalysis a = analyse_position(f.searcher, *state, budget);
    expect_legal_candidates(*state, a);
    EXPECT_EQ(a.stop_reason, "visits");
    EXPECT_EQ(a.root_visits, 300);
    int visits = 0;
    for (const CandidateMove& c : a.candidates) {
      visits += c.visits;
      EXPECT_GT(c.visits, 0);
      long_candidates += c.move.size() > 1;
    }
    EXPECT_EQ(visits, a.root_visits - 1);  // the root's own evaluation is the other
    for (size_t i = 1; i < a.candidates.size(); ++i)
      EXPECT_GE(a.candidates[i - 1].visits, a.candidates[i].visits);
    ASSERT_TRUE(a.score_lead.has_value());  // Inchworm keeps a score
  }
  EXPECT_GT(long_candidates, 0) << "no multi-decision candidate was ever searched";
}

// Stopped after one simulation, the tree has not expanded any move: the best
// prior's move is completed decision by decision from the network.
TEST(PositionAnalysis, AMoveTheTreeLeftUnfinishedIsCompletedByTheNetwork) {
  Fixture f;
  int completed = 0;
  const std::atomic<bool> stop{true};
  for (const auto& state : positions_with_long_moves(*f.game, 12)) {
    SearchBudget budget;
    budget.stop = &stop;
    const PositionAnalysis a = analyse_position(f.searcher, *state, budget);
    EXPECT_EQ(a.stop_reason, "stopped");
    EXPECT_EQ(a.root_visits, 1);
    ASSERT_EQ(a.candidates.size(), 1u);
    expect_legal_candidates(*state, a);
    completed += a.candidates[0].move.size() > 1;
  }
  EXPECT_GT(completed, 0) << "no position's best prior began a multi-decision move";
}

// Completing the moves a small search left unfinished costs one evaluation
// per missing decision, each at batch 1: the batch the search itself runs,
// for which a network backend has its plan ready (a batch of a new size
// makes oneDNN build one, 0.5-3 ms: docs/engine-protocol.md, "Speed").
// Describing the same search again costs nothing (the evaluations are
// cached), and describing fewer candidates gives the same best ones.
TEST(PositionAnalysis, CompletionEvaluatesEachMissingDecisionOnceAtBatchOne) {
  Fixture f;
  auto counting = std::make_shared<testing::CountingBackend>(f.backend);
  Searcher searcher{f.game, f.encoder, counting, SearchConfig(), 5};
  int64_t completed = 0, searches_completing_several = 0;
  for (const auto& state : positions_with_long_moves(*f.game, 12)) {
    searcher.set_position(*state);
    searcher.search(24);
    const int64_t calls = counting->calls(), positions = counting->positions();
    const PositionAnalysis a = summarise_search(searcher, *state);
    expect_legal_candidates(*state, a);
    // The decisions of each first move past the line the tree holds.
    int64_t missing = 0, candidates_completed = 0;
    for (const CandidateMove& c : a.candidates) {
      const auto line = searcher.tree().principal_line(c.move.front(), 4096);
      size_t in_tree = 0;
      while (in_tree < line.size() && in_tree < c.move.size() &&
             line[in_tree].action == c.move[in_tree])
        ++in_tree;
      missing += static_cast<int64_t>(c.move.size() - in_tree);
      candidates_completed += in_tree < c.move.size();
    }
    const int64_t evaluated = counting->positions() - positions;
    EXPECT_EQ(counting->calls() - calls, evaluated) << "a completion batch held several positions";
    EXPECT_LE(evaluated, missing);  // fewer only where the cache already held one
    completed += evaluated;
    searches_completing_several += candidates_completed >= 2;

    const int64_t calls_before_again = counting->calls();
    const PositionAnalysis again = summarise_search(searcher, *state);
    EXPECT_EQ(counting->calls(), calls_before_again);
    ASSERT_EQ(again.candidates.size(), a.candidates.size());
    AnalysisOptions best_two;
    best_two.max_candidates = 2;
    const PositionAnalysis two = summarise_search(searcher, *state, best_two);
    ASSERT_EQ(two.candidates.size(), std::min<size_t>(2, a.candidates.size()));
    for (size_t i = 0; i < two.candidates.size(); ++i) {
      EXPECT_EQ(two.candidates[i].move, a.candidates[i].move);
      EXPECT_EQ(two.candidates[i].pv, a.candidates[i].pv);
      EXPECT_EQ(again.candidates[i].pv, a.candidates[i].pv);
    }
  }
  EXPECT_GT(completed, 0) << "no search left a move unfinished";
  EXPECT_GT(searches_completing_several, 0) << "no search left two moves unfinished at once";
}

TEST(PositionAnalysis, TimeLimitAndPolicy) {
  Fixture f;
  auto state = f.game->initial_state();
  SearchBudget budget;
  budget.max_time_ms = 50;
  AnalysisOptions options;
  options.with_policy = true;
  const PositionAnalysis a = analyse_position(f.searcher, *state, budget, options);
  EXPECT_EQ(a.stop_reason, "time");
  EXPECT_GE(a.elapsed_ms, 50);
  ASSERT_EQ(static_cast<int>(a.policy.size()), f.game->num_actions());
  double legal_mass = 0;
  int legal = 0;
  for (float p : a.policy)
    if (p >= 0) legal_mass += p, ++legal;
  EXPECT_EQ(legal, static_cast<int>(state->legal_actions().size()));
  EXPECT_NEAR(legal_mass, 1.0, 1e-4);
}

TEST(PositionAnalysis, RefusesWhatCannotBeSearched) {
  Fixture f;
  SearchBudget none;
  EXPECT_THROW(check_budget(none), GameError);
  SearchBudget negative;
  negative.max_visits = -1;
  EXPECT_THROW(check_budget(negative), GameError);
  auto state = f.game->initial_state();
  EXPECT_THROW(analyse_position(f.searcher, *state, none), GameError);
  // A finished game.
  auto tiny = load_game("inchworm", "", {"width=3", "height=3", "stock=1", "max_plies=2"});
  auto done = tiny->initial_state();
  while (!done->is_terminal()) done->apply_move(done->legal_moves().front());
  std::shared_ptr<const Encoder> tiny_encoder = make_encoder(*tiny);
  std::shared_ptr<InferenceBackend> tiny_backend =
      make_backend("mock", {tiny_encoder->shape().size(), tiny->num_actions()});
  Searcher searcher(tiny, tiny_encoder, tiny_backend, SearchConfig(), 1);
  SearchBudget budget;
  budget.max_visits = 4;
  try {
    analyse_position(searcher, *done, budget);
    FAIL() << "a finished game was searched";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("the game is over"), std::string::npos) << e.what();
  }
}

TEST(PositionAnalysis, WdlFromValueAndDraw) {
  const Wdl w = Wdl::from_value(0.5, 0.2);
  EXPECT_NEAR(w.win, 0.65, 1e-9);
  EXPECT_NEAR(w.draw, 0.2, 1e-9);
  EXPECT_NEAR(w.loss, 0.15, 1e-9);
  EXPECT_NEAR(w.expected_score(), 0.75, 1e-9);
}

}  // namespace
}  // namespace inchzero
