// Batched self-play on toy games with deterministic fake networks.
#include "selfplay/selfplay_worker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/learning/fake_backends.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

using testing::FunctionBackend;

struct PlayedGames {
  std::vector<GameRecord> records;  // sorted by game index
  std::vector<int64_t> handed_on;   // the game indices in the order the callback saw them
  SelfPlayStats stats;
};

SelfPlayConfig small_config() {
  SelfPlayConfig c;
  c.workers = 1;
  c.games_per_worker = 8;
  c.full_visits = 24;
  c.cheap_visits = 8;
  c.temperature_plies = 4;
  c.resign_threshold = -1;  // never
  return c;
}

// The model layer's "mock" network, counting its calls.
std::shared_ptr<testing::CountingBackend> mock_backend(const Game& game, const Encoder& encoder) {
  return std::make_shared<testing::CountingBackend>(
      make_backend("mock", BackendShape{encoder.shape().size(), game.num_actions()}));
}

PlayedGames play(std::shared_ptr<const Game> game, const SelfPlayConfig& config, uint64_t seed,
                 int64_t games, std::shared_ptr<InferenceBackend> backend = nullptr,
                 std::vector<std::string> start_positions = {}) {
  auto encoder = toy::make_toy_encoder(*game);
  if (!backend) backend = mock_backend(*game, *encoder);
  SelfPlayRunner runner(
      game, encoder, [backend](int) { return backend; }, config, seed);
  runner.set_start_positions(std::move(start_positions));
  PlayedGames run;
  run.stats = runner.play(games, nullptr, [&run](GameRecord&& r) {
    run.handed_on.push_back(r.game_index);
    run.records.push_back(std::move(r));
  });
  std::sort(run.records.begin(), run.records.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.game_index < b.game_index; });
  return run;
}

std::shared_ptr<const Game> nim() { return toy::make_compound_nim({3, 4, 5}, 3); }

TEST(SelfPlay, PlaysEveryGameToTheEndAndRecordsLegalPlay) {
  const auto game = nim();
  const PlayedGames run = play(game, small_config(), 7, 20);
  ASSERT_EQ(run.records.size(), 20u);
  EXPECT_EQ(run.stats.games, 20);
  for (size_t i = 0; i < run.records.size(); ++i) {
    const GameRecord& r = run.records[i];
    EXPECT_EQ(r.game_index, static_cast<int64_t>(i));
    EXPECT_EQ(r.game, "compound_nim");
    // Replaying the recorded decisions is legal and ends the game as recorded.
    auto state = game->initial_state();
    for (const DecisionRecord& d : r.decisions) {
      ASSERT_FALSE(state->is_terminal());
      EXPECT_EQ(d.player, state->current_player());
      const auto legal = state->legal_actions();
      ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), d.action));
      EXPECT_EQ(d.num_legal, legal.size());
      state->apply_action(d.action);
    }
    EXPECT_TRUE(state->is_terminal());
    EXPECT_EQ(r.winner, state->winner());
    EXPECT_EQ(r.end_reason, EndReason::kTarget);
    EXPECT_EQ(r.plies, state->ply());
  }
}

TEST(SelfPlay, BatchesOneLeafPerGame) {
  const auto game = nim();
  const auto encoder = toy::make_toy_encoder(*game);
  const auto backend = mock_backend(*game, *encoder);
  const PlayedGames run = play(game, small_config(), 7, 16, backend);
  EXPECT_EQ(backend->calls(), run.stats.batches);
  EXPECT_EQ(backend->positions(), run.stats.evaluations);
  EXPECT_GT(run.stats.mean_batch(), 4.0);  // 8 games per worker, fewer at the tail
  EXPECT_LE(run.stats.batch_sizes.size(), 9u);
  EXPECT_GT(run.stats.cache_hits, 0);
}

TEST(SelfPlay, ReproducibleFromTheSeedWhateverTheWorkers) {
  const auto game = nim();
  SelfPlayConfig config = small_config();
  const PlayedGames a = play(game, config, 99, 12);
  const PlayedGames b = play(game, config, 99, 12);
  EXPECT_EQ(a.records, b.records);
  config.workers = 2;
  config.games_per_worker = 3;
  const PlayedGames c = play(game, config, 99, 12);
  EXPECT_EQ(a.records, c.records);
  const PlayedGames d = play(game, small_config(), 100, 12);
  EXPECT_NE(a.records, d.records);
}

TEST(SelfPlay, PlayoutCapDecidesWhichSearchesTrainThePolicy) {
  const auto game = nim();
  SelfPlayConfig config = small_config();
  config.full_search_share = 0;
  for (const auto& r : play(game, config, 3, 6).records) {
    for (const auto& d : r.decisions) EXPECT_FALSE(d.full_search());
  }
  config.full_search_share = 1;
  const PlayedGames all = play(game, config, 3, 6);
  int64_t searched = 0;
  for (const auto& r : all.records) {
    for (const auto& d : r.decisions) {
      if (d.flags & DecisionRecord::kForced) continue;
      ++searched;
      EXPECT_TRUE(d.full_search());
      EXPECT_GE(d.root_visits, uint32_t(config.full_visits));
    }
  }
  EXPECT_EQ(all.stats.full_searches, searched);
}

// The leading decisions of a record that belong to its random opening.
size_t random_opening_length(const GameRecord& r) {
  size_t n = 0;
  while (n < r.decisions.size() && (r.decisions[n].flags & DecisionRecord::kRandomOpening)) ++n;
  return n;
}

// random_opening_plies: each game opens with 0..N plies of uniformly random
// decisions, recorded without search (no visits, so no training sample)
// before any searched one; the opening ends at a move boundary of a game
// still going, even where N plies would have ended it; it is reproducible
// from the seed, and 0 (the default) plays none.
TEST(SelfPlay, RandomOpeningsAreUnsearchedPrefixesEndingInLivePositions) {
  for (const auto& [piles, max_plies] :
       {std::pair{std::vector<int>{3, 4, 5}, 3}, std::pair{std::vector<int>{1, 2}, 6}}) {
    const auto game = toy::make_compound_nim(piles, 2);
    SelfPlayConfig config = small_config();
    EXPECT_EQ(config.random_opening_plies, 0);
    for (const auto& r : play(game, config, 21, 16).records)
      EXPECT_EQ(random_opening_length(r), 0u);
    config.random_opening_plies = max_plies;
    const PlayedGames run = play(game, config, 21, 40);
    std::set<int> opening_plies;
    for (const GameRecord& r : run.records) {
      const size_t opening = random_opening_length(r);
      EXPECT_LT(opening, r.decisions.size()) << "the opening ended game " << r.game_index;
      auto state = game->initial_state();
      for (size_t i = 0; i < r.decisions.size(); ++i) {
        const DecisionRecord& d = r.decisions[i];
        if (i < opening) {
          EXPECT_TRUE(d.visits.empty());
          EXPECT_EQ(d.root_visits, 0u);
          EXPECT_FALSE(d.full_search());
        } else {
          EXPECT_FALSE(d.flags & DecisionRecord::kRandomOpening) << "decision " << i;
        }
        if (i == opening) {  // where the search takes over
          EXPECT_FALSE(state->is_terminal());
          EXPECT_FALSE(state->in_compound_move());
          EXPECT_LE(state->ply(), max_plies);
          opening_plies.insert(state->ply());
        }
        state->apply_action(d.action);
      }
      EXPECT_TRUE(state->is_terminal());
      EXPECT_EQ(r.winner, state->winner());
    }
    // Openings of several lengths, the longest where the game allows it.
    EXPECT_GE(opening_plies.size(), 2u);
    EXPECT_EQ(*opening_plies.begin(), 0);
    EXPECT_EQ(play(game, config, 21, 40).records, run.records);
  }
}

// Games of different lengths finish out of order (on one worker too: its
// slots play side by side); the callback still sees them in index order, so
// a run's shards do not depend on the workers' timing.
TEST(SelfPlay, HandsGamesOnInIndexOrder) {
  const auto game = nim();
  std::vector<int64_t> in_order(40);
  for (int64_t i = 0; i < 40; ++i) in_order[i] = i;
  SelfPlayConfig config = small_config();
  for (const auto& [workers, slots] : {std::pair{1, 8}, std::pair{3, 4}}) {
    config.workers = workers;
    config.games_per_worker = slots;
    const PlayedGames run = play(game, config, 5, 40);
    std::set<int> plies;
    for (const GameRecord& r : run.records) plies.insert(r.plies);
    EXPECT_GT(plies.size(), 2u) << "games of one length would finish in order anyway";
    EXPECT_EQ(run.handed_on, in_order) << workers << " workers of " << slots << " games";
  }
}

// exploit_share: about that share of the games start from one of the
// positions given (recorded as start_position, no random opening) and
// replay from it to the recorded end; which ones follows from each game's
// seed, whatever the number of workers; with share 0, or no positions, the
// games are the very games played without the option.
TEST(SelfPlay, ExploitGamesStartFromTheGivenPositionsAndReplayFromThem) {
  const auto game = toy::make_ring_game(9);
  const std::vector<std::string> positions = {"x.o......", "xo.x.o...", "....x...."};
  SelfPlayConfig config = small_config();
  config.random_opening_plies = 2;
  EXPECT_EQ(config.exploit_share, 0);
  const PlayedGames plain = play(game, config, 3, 60);
  EXPECT_EQ(play(game, config, 3, 60, nullptr, positions).records, plain.records);
  for (const GameRecord& r : plain.records) EXPECT_TRUE(r.start_position.empty());

  config.exploit_share = 0.5;
  EXPECT_EQ(play(game, config, 3, 60).records, plain.records) << "no positions, no change";
  const PlayedGames run = play(game, config, 3, 60, nullptr, positions);
  std::set<std::string> used;
  for (const GameRecord& r : run.records) {
    if (r.start_position.empty()) continue;
    used.insert(r.start_position);
    EXPECT_NE(std::find(positions.begin(), positions.end(), r.start_position), positions.end());
    auto state = game->state_from_position(r.start_position);
    for (const DecisionRecord& d : r.decisions) {
      EXPECT_FALSE(d.flags & DecisionRecord::kRandomOpening);
      state->apply_action(d.action);
    }
    EXPECT_TRUE(state->is_terminal());
    EXPECT_EQ(r.winner, state->winner());
    EXPECT_EQ(r.plies, state->ply());
  }
  EXPECT_EQ(run.stats.exploit_games,
            static_cast<int64_t>(
                std::count_if(run.records.begin(), run.records.end(),
                              [](const GameRecord& r) { return !r.start_position.empty(); })));
  EXPECT_GT(run.stats.exploit_games, 15);
  EXPECT_LT(run.stats.exploit_games, 45);
  EXPECT_EQ(used.size(), positions.size());
  config.workers = 2;
  EXPECT_EQ(play(game, config, 3, 60, nullptr, positions).records, run.records);
  config.exploit_share = 1;
  for (const GameRecord& r : play(game, config, 3, 20, nullptr, positions).records)
    EXPECT_FALSE(r.start_position.empty());
}

// Actions of each game, in order.
std::vector<std::vector<Action>> moves_of(const PlayedGames& run) {
  std::vector<std::vector<Action>> moves;
  for (const auto& r : run.records) {
    moves.emplace_back();
    for (const auto& d : r.decisions) moves.back().push_back(d.action);
  }
  return moves;
}

// cheap_search_noise: false makes cheap searches deterministic (no Gumbel
// noise, no temperature), so games of cheap searches only are all the same
// game; with the default (true) they differ, with and without Gumbel.
TEST(SelfPlay, CheapSearchesWithoutNoiseAreDeterministic) {
  const auto game = nim();
  for (const bool gumbel : {true, false}) {
    SelfPlayConfig config = small_config();
    config.search.gumbel = gumbel;
    config.search.gumbel_c_scale = 0.1;  // as configs/inchworm.yaml; with 1.0 Q outweighs the noise
    config.full_search_share = 0;
    config.temperature_plies = 100;
    ASSERT_TRUE(config.cheap_search_noise);  // the default keeps today's behaviour
    const auto noisy = moves_of(play(game, config, 5, 8));
    EXPECT_NE(std::count(noisy.begin(), noisy.end(), noisy[0]), 8) << "gumbel " << gumbel;
    config.cheap_search_noise = false;
    const auto quiet = moves_of(play(game, config, 5, 8));
    EXPECT_EQ(std::count(quiet.begin(), quiet.end(), quiet[0]), 8) << "gumbel " << gumbel;
    // Full searches still explore.
    config.full_search_share = 1;
    const auto full = moves_of(play(game, config, 5, 8));
    EXPECT_NE(std::count(full.begin(), full.end(), full[0]), 8) << "gumbel " << gumbel;
  }
}

// A Nim "network" convinced that player 1 wins (the last input plane is
// ones when player 1 is to move): player 0 wants to resign.
std::shared_ptr<FunctionBackend> player1_wins_backend(const Game& game, const Encoder& encoder) {
  const int in = encoder.shape().size();
  return std::make_shared<FunctionBackend>(
      BackendShape{in, game.num_actions()},
      [in, n = game.num_actions()](const float* input, float* logits, float* wdl) {
        std::fill(logits, logits + n, 0.0f);
        const bool player1 = input[in - 1] > 0.5f;
        wdl[0] = player1 ? 0.98f : 0.0f, wdl[1] = 0.02f, wdl[2] = player1 ? 0.0f : 0.98f;
      });
}

TEST(SelfPlay, ResignsOrLogsWouldBeResignations) {
  const auto game = toy::make_compound_nim({6, 6, 6}, 2);
  const auto encoder = toy::make_toy_encoder(*game);
  SelfPlayConfig config = small_config();
  config.resign_threshold = -0.9f;
  config.resign_consecutive = 2;
  config.resign_disabled_share = 0;
  const PlayedGames resigning = play(game, config, 5, 6, player1_wins_backend(*game, *encoder));
  for (const auto& r : resigning.records) {
    EXPECT_EQ(r.end_reason, EndReason::kResign);
    EXPECT_EQ(r.winner, 1);
    EXPECT_TRUE(r.resign_enabled);
  }
  config.resign_disabled_share = 1;
  config.full_search_share = 1;  // every search full... until the game is decided
  const PlayedGames played_out = play(game, config, 5, 6, player1_wins_backend(*game, *encoder));
  int64_t false_resignations = 0;
  for (const auto& r : played_out.records) {
    EXPECT_EQ(r.end_reason, EndReason::kTarget);
    EXPECT_FALSE(r.resign_enabled);
    EXPECT_EQ(r.would_resign_player, 0);
    EXPECT_GE(r.would_resign_ply, 2);
    false_resignations += r.winner != 1;
    // Reduced search once decided: cheap searches only after the would-be resignation.
    auto state = game->initial_state();
    for (const auto& d : r.decisions) {
      if (!(d.flags & DecisionRecord::kForced)) {
        // The would-be resignation is judged at the move boundary of would_resign_ply.
        const bool before = state->ply() < r.would_resign_ply ||
                            (state->ply() == r.would_resign_ply && !state->in_compound_move());
        EXPECT_EQ(d.full_search(), before) << "ply " << state->ply();
      }
      state->apply_action(d.action);
    }
  }
  EXPECT_EQ(played_out.stats.would_resign_games, 6);
  EXPECT_EQ(played_out.stats.resign_disabled_games, 6);
  EXPECT_EQ(played_out.stats.false_resignations, false_resignations);
}

TEST(SelfPlay, StopFlagEndsTheRun) {
  const auto game = nim();
  const auto encoder = toy::make_toy_encoder(*game);
  const auto backend = mock_backend(*game, *encoder);
  SelfPlayRunner runner(
      game, encoder, [backend](int) { return backend; }, small_config(), 1);
  std::atomic<bool> stop{false};
  std::vector<int64_t> seen;
  const SelfPlayStats stats = runner.play(-1, &stop, [&](GameRecord&& r) {
    seen.push_back(r.game_index);
    if (seen.size() == 5) stop = true;
  });
  // Every finished game is handed on, in index order: games 0-4, and those
  // that finished before game 4 and waited for it. No game starts after the
  // stop, so at most the 8 slots' games in progress then are missing
  // from the indices played.
  EXPECT_EQ(static_cast<int64_t>(seen.size()), stats.games);
  EXPECT_GE(stats.games, 5);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  for (int64_t i = 0; i < 5; ++i) EXPECT_EQ(seen[i], i);
  EXPECT_LT(seen.back() + 1 - stats.games, small_config().games_per_worker);
  EXPECT_NE(stats.to_json().dump().find("batch_histogram"), std::string::npos);
}

TEST(SelfPlay, WorkerErrorsReachTheCaller) {
  const auto game = nim();
  const auto encoder = toy::make_toy_encoder(*game);
  auto failing = std::make_shared<FunctionBackend>(
      BackendShape{encoder->shape().size(), game->num_actions()},
      [](const float*, float*, float*) { throw std::runtime_error("backend exploded"); });
  SelfPlayConfig config = small_config();
  config.workers = 2;
  SelfPlayRunner runner(
      game, encoder, [failing](int) { return failing; }, config, 1);
  EXPECT_THROW(runner.play(4, nullptr, nullptr), std::runtime_error);
}

}  // namespace
}  // namespace inchzero
