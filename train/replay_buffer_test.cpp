#include "train/replay_buffer.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/registry.h"
#include "core/rules_fingerprint.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/shard.h"
#include "tests/learning/mock_self_play.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("inchzero_replay_" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

// A randomly played game recorded like self-play does: every decision with
// more than one legal action gets visit counts over a few legal actions; a
// share of them are full searches; single-action decisions are forced.
GameRecord random_game(const Game& game, uint64_t seed) {
  std::mt19937_64 rng(seed);
  GameRecord r;
  r.game = game.name();
  r.rules_label = game.options().label();
  r.rules_yaml = game.options().to_yaml();
  r.rules_fingerprint = behaviour_fingerprint(game);
  r.seed = seed;
  std::unique_ptr<State> state = game.initial_state();
  while (!state->is_terminal()) {
    const std::vector<Action> legal = state->legal_actions();
    DecisionRecord d;
    d.player = static_cast<int8_t>(state->current_player());
    d.num_legal = static_cast<uint16_t>(legal.size());
    d.action = legal[rng() % legal.size()];
    if (legal.size() == 1) {
      d.flags = DecisionRecord::kForced;
    } else {
      d.flags = rng() % 2 ? DecisionRecord::kFullSearch : 0;
      for (Action a : legal) {
        if (a == d.action || rng() % 2) d.visits.emplace_back(a, 1 + rng() % 20);
      }
    }
    r.decisions.push_back(d);
    state->apply_action(d.action);
  }
  r.winner = state->winner();
  r.end_reason = state->end_reason();
  r.plies = state->ply();
  set_typed_outcome(r, *state, r.rules_fingerprint);
  return r;
}

// The position a record ends at (its decisions replayed from the start).
std::unique_ptr<State> last_position(const Game& game, const GameRecord& r) {
  std::unique_ptr<State> state = game.initial_state();
  for (const DecisionRecord& d : r.decisions) state->apply_action(d.action);
  return state;
}

int64_t searched_decisions(const GameRecord& r) {
  int64_t n = 0;
  for (const auto& d : r.decisions) n += d.num_legal > 1;
  return n;
}

// The decisions of a random opening (selfplay.random_opening_plies: no
// search, no visits) are replayed but are no training samples.
TEST(ReplayBuffer, RandomOpeningDecisionsAreNoSamples) {
  auto game = load_game("invector", "", {"width=4", "height=3", "max_plies=30"});
  ReplayBuffer buffer(game, make_encoder(*game), ReplayConfig{});
  GameRecord r = random_game(*game, 3);
  ASSERT_GT(r.decisions.size(), 4u);
  int64_t opening_samples = 0;
  for (size_t i = 0; i < 4; ++i) {
    DecisionRecord& d = r.decisions[i];
    opening_samples += d.num_legal > 1;
    d.flags = DecisionRecord::kRandomOpening;
    d.visits.clear();
  }
  ASSERT_GT(opening_samples, 0);
  const int64_t searched = searched_decisions(r);
  buffer.add_game(r);
  EXPECT_EQ(buffer.total_samples(), searched - opening_samples);
}

// replay.full_search_samples_only: the cheap searches' decisions are
// replayed but are no samples; every sample then carries a policy target.
TEST(ReplayBuffer, FullSearchSamplesOnlyLeavesTheCheapSearchesOut) {
  auto game = load_game("invector", "", {"width=4", "height=3", "max_plies=30"});
  ReplayConfig config;
  config.full_search_samples_only = true;
  ReplayBuffer all(game, make_encoder(*game), ReplayConfig{});
  ReplayBuffer full_only(game, make_encoder(*game), config);
  int64_t full = 0, searched = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const GameRecord r = random_game(*game, seed);
    for (const auto& d : r.decisions) full += d.num_legal > 1 && d.full_search();
    searched += searched_decisions(r);
    all.add_game(r);
    full_only.add_game(r);
  }
  ASSERT_GT(full, 0);
  ASSERT_LT(full, searched);
  EXPECT_EQ(all.total_samples(), searched);
  EXPECT_EQ(full_only.total_samples(), full);
  std::mt19937_64 rng(2);
  for (const TrainingBatch& b : full_only.make_batches(2, 32, 0, rng)) {
    for (float w : b.policy_weight) EXPECT_EQ(w, 1.0f);
  }
}

// A record is taken when its rules behave like the run's (the same behaviour
// fingerprint, core/rules_fingerprint.h) and its rules text gives every
// option the run's value, an option it does not name counting as its default
// (so an option added since does not orphan it). Other behaviour or values
// are refused, and so is a line naming an option the run's rules do not know
// (a newer build's option, whose effect this build cannot judge); the message
// gives the fingerprints and the option that differs.
TEST(ReplayBuffer, ComparesRulesByTheirBehaviourFingerprint) {
  auto game = load_game("invector", "", {"width=4", "height=3", "max_plies=30"});
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  ReplayBuffer buffer(game, encoder, ReplayConfig{});
  GameRecord older = random_game(*game, 1);  // written before the option "pie" existed
  std::string without_pie;
  std::istringstream lines(older.rules_yaml);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("pie: ", 0) != 0) without_pie += line + "\n";
  ASSERT_NE(without_pie, older.rules_yaml);
  older.rules_yaml = without_pie;
  buffer.add_game(older);
  EXPECT_EQ(buffer.total_games(), 1);
  GameRecord newer = random_game(*game, 5);
  newer.rules_yaml += "added_later: 3\n";
  try {
    buffer.add_game(newer);
    FAIL() << "a record naming an option this build does not know was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("added_later: 3 (unknown to these rules)"),
              std::string::npos)
        << e.what();
  }

  auto capped_later = load_game("invector", "", {"width=4", "height=3", "max_plies=6"});
  GameRecord other = random_game(*capped_later, 2);
  try {
    buffer.add_game(other);
    FAIL() << "a record of a run capped at 6 plies was accepted by a run capped at 30";
  } catch (const GameError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("rules fingerprint " + fingerprint_hex(other.rules_fingerprint) +
                        ", the run's " + fingerprint_hex(behaviour_fingerprint(*game))),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("max_plies (record: 6, run: 30)"), std::string::npos) << what;
  }
  // A cap the fingerprint's playouts never reach still refuses the record:
  // the option values are compared as well.
  auto chess = load_game("inchworm-chess", "", {});
  auto chess_capped =
      load_game("inchworm-chess", "",
                {"max_plies=" + std::to_string(chess->options().get_int("max_plies") + 1)});
  ReplayBuffer chess_buffer(chess, make_encoder(*chess), ReplayConfig{});
  GameRecord longer = random_game(*chess_capped, 4);
  ASSERT_EQ(longer.rules_fingerprint, behaviour_fingerprint(*chess))
      << "the fingerprint now sees max_plies + 1: pick another blind spot for this test";
  try {
    chess_buffer.add_game(longer);
    FAIL() << "a record capped one ply later was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("the same rules fingerprint, other option values"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("max_plies (record: "), std::string::npos) << e.what();
  }
  // A version 1 record whose rules this build cannot rebuild has no fingerprint.
  GameRecord unknown = random_game(*game, 3);
  unknown.rules_fingerprint = 0;
  try {
    buffer.add_game(unknown);
    FAIL() << "a record of unknown rules was accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("rules this build cannot rebuild"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(buffer.total_games(), 1);
}

// The aux target is the final points margin of the deciding player, from
// State::points of the replayed last position: Invector's stones and chess
// material (heuristic points) as well as a score. The record's final_points
// (which only games with a score keep) are not consulted: a bogus value there
// changes nothing.
TEST(ReplayBuffer, AuxTargetIsThePointsMarginOfTheLastPosition) {
  struct Case {
    const char* game;
    std::vector<std::string> set;
  };
  for (const Case& c : {Case{"invector", {"width=4", "height=3", "max_plies=30"}},
                        Case{"inchworm-chess", {"max_plies=80"}}}) {
    auto game = load_game(c.game, "", c.set);
    std::shared_ptr<const Encoder> encoder = make_encoder(*game);
    int nonzero_games = 0;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      GameRecord r = random_game(*game, seed);
      const std::unique_ptr<State> last = last_position(*game, r);
      const double p0 = last->points(0), p1 = last->points(1);
      const float margin0 = p0 + p1 > 0 ? static_cast<float>((p0 - p1) / (p0 + p1)) : 0.0f;
      nonzero_games += margin0 != 0.0f;
      r.final_points = {3, 1};  // ignored: the replay decides
      ReplayBuffer buffer(game, encoder, ReplayConfig{});
      buffer.add_game(r);
      std::mt19937_64 rng(seed);
      const TrainingBatch b = buffer.make_batches(1, 40, 1, rng)[0];
      int seen[2] = {0, 0};
      for (int row = 0; row < 40; ++row) {
        const float aux = b.aux_targets[row];
        ASSERT_TRUE(aux == margin0 || aux == -margin0)
            << c.game << " seed " << seed << ": " << aux << " for margin " << margin0;
        ++seen[aux == margin0];
      }
      if (margin0 != 0.0f) {
        EXPECT_TRUE(seen[0] > 0 && seen[1] > 0) << c.game;  // both players
      }
    }
    EXPECT_GT(nonzero_games, 0) << c.game << ": every random game ended level";
  }
}

// replay.capped_games: a game drawn at the move cap trains as that draw, or,
// with 'score', as a win of the side ahead on points; the record keeps its
// draw. A game decided otherwise trains as played either way.
TEST(ReplayBuffer, CappedGamesTrainAsDrawsOrAsWonByTheSideAhead) {
  auto game = load_game("invector", "", {"width=4", "height=3", "max_plies=6"});
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  int capped_unequal = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const GameRecord r = random_game(*game, seed);
    const std::unique_ptr<State> last = last_position(*game, r);
    const bool capped = r.end_reason == EndReason::kCap;
    const double p0 = last->points(0), p1 = last->points(1);
    const int ahead = p0 == p1 ? kNoPlayer : (p0 > p1 ? 0 : 1);
    capped_unequal += capped && ahead != kNoPlayer;
    for (const std::string mode : {"draw", "score"}) {
      ReplayConfig config;
      config.capped_games = mode;
      ReplayBuffer buffer(game, encoder, config);
      buffer.add_game(r);
      std::mt19937_64 rng(seed);
      const TrainingBatch b = buffer.make_batches(1, 30, 1, rng)[0];
      const bool adjudicated = capped && mode == "score" && ahead != kNoPlayer;
      for (int row = 0; row < 30; ++row) {
        // One-hot targets (search weight 0); the aux target (the decider's
        // points margin) says whether the decider is the side ahead.
        const float* wdl = &b.wdl_targets[static_cast<size_t>(row) * 3];
        const float margin = b.aux_targets[row];
        if (adjudicated) {
          ASSERT_NE(margin, 0.0f);
          EXPECT_EQ(wdl[margin > 0 ? 0 : 2], 1.0f) << "seed " << seed << " row " << row;
        } else if (r.winner == kNoPlayer) {
          EXPECT_EQ(wdl[1], 1.0f) << "seed " << seed << " " << mode;
        } else {
          EXPECT_EQ(wdl[1], 0.0f) << "seed " << seed << " " << mode;
        }
      }
    }
  }
  EXPECT_GT(capped_unequal, 0) << "no random game was capped with one side ahead";
  ReplayConfig bad;
  bad.capped_games = "win";
  EXPECT_THROW(bad.validate(), GameError);
}

// Version 1 shards (tests/data/shards-v1/) feed a run of their rules: their
// fingerprint is computed from their rules text. A run of other rules takes
// none of their games.
TEST(ReplayBuffer, LoadsVersion1ShardsOfItsRules) {
  TempDir dir;
  fs::copy_file(std::string(INCHZERO_SOURCE_DIR) + "/tests/data/shards-v1/invector-4x3.shard",
                dir.path / "old-000000.shard");
  auto same = load_game("invector", "", {"width=4", "height=3", "max_plies=30"});
  ReplayBuffer buffer(same, make_encoder(*same), ReplayConfig{});
  EXPECT_GT(buffer.load_new_shards(dir.path.string()), 0);
  EXPECT_EQ(buffer.total_games(), 4);
  auto wider = load_game("invector", "", {"width=5", "height=4", "max_plies=30"});
  ReplayBuffer other(wider, make_encoder(*wider), ReplayConfig{});
  EXPECT_EQ(other.load_new_shards(dir.path.string()), 0);
  EXPECT_EQ(other.total_games(), 0);
}

TEST(ReplayBuffer, CountsSamplesAndBuildsValidTargetsUnderSymmetries) {
  auto ring = toy::make_ring_game(7);  // 14 symmetries
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  int64_t expected = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    GameRecord r = random_game(*ring, seed);
    expected += searched_decisions(r);
    buffer.add_game(r);
  }
  EXPECT_EQ(buffer.total_games(), 20);
  EXPECT_EQ(buffer.total_samples(), expected);
  EXPECT_EQ(buffer.window_samples(), expected);

  std::mt19937_64 rng(3);
  const int n = 7, batch_size = 32;
  const auto batches = buffer.make_batches(4, batch_size, /*aux_outputs=*/1, rng);
  ASSERT_EQ(batches.size(), 4u);
  int full = 0;
  for (const TrainingBatch& b : batches) {
    b.check(2 * n, n, 1);
    for (int row = 0; row < batch_size; ++row) {
      const float* in = &b.inputs[row * 2 * n];
      const float* policy = &b.policy_targets[row * n];
      float sum = 0;
      for (int t = 0; t < n; ++t) {
        sum += policy[t];
        // The target lives on the transformed board: only on empty cells.
        if (policy[t] > 0) {
          EXPECT_TRUE(in[t] == 0 && in[n + t] == 0) << "target on a stone";
        }
      }
      if (b.policy_weight[row] > 0) {
        ++full;
        EXPECT_NEAR(sum, 1.0f, 1e-5);
      } else {
        EXPECT_EQ(sum, 0.0f);
      }
      const float* wdl = &b.wdl_targets[row * 3];
      EXPECT_EQ(wdl[0] + wdl[1] + wdl[2], 1.0f);
    }
  }
  EXPECT_GT(full, 0);
  EXPECT_LT(full, 4 * batch_size);

  // The same generator state gives the same batches.
  std::mt19937_64 again(3);
  const auto repeat = buffer.make_batches(4, batch_size, 1, again);
  EXPECT_EQ(repeat[2].inputs, batches[2].inputs);
  EXPECT_EQ(repeat[3].policy_targets, batches[3].policy_targets);
}

TEST(ReplayBuffer, ValueTargetIsTheOutcomeForTheMover) {
  const int n = 5;
  auto ring = toy::make_ring_game(n);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  GameRecord r;
  for (uint64_t seed = 1; r.winner == kNoPlayer; ++seed) r = random_game(*ring, seed);
  buffer.add_game(r);
  std::mt19937_64 rng(1);
  // Every sample is from this one game. Plane 0 holds the mover's stones and
  // player 0 moves when both have as many stones, so the input tells who
  // moves; the target must be a win exactly for the winner.
  const auto b = buffer.make_batches(1, 64, 0, rng)[0];
  int wins = 0, losses = 0;
  for (int row = 0; row < 64; ++row) {
    int own = 0, other = 0;
    for (int t = 0; t < n; ++t) {
      own += b.inputs[row * 2 * n + t] > 0;
      other += b.inputs[row * 2 * n + n + t] > 0;
    }
    const int mover = own == other ? 0 : 1;
    const bool win = b.wdl_targets[row * 3] == 1.0f, loss = b.wdl_targets[row * 3 + 2] == 1.0f;
    EXPECT_EQ(win, mover == r.winner);
    EXPECT_EQ(loss, mover != r.winner);
    wins += win;
    losses += loss;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

// replay.value_target_search_weight w: the value target is (1 − w) · the
// result + w · the searched root's win/draw/loss; a decision without search
// keeps the result alone, and a rounded estimate is clamped into a
// distribution.
TEST(ReplayBuffer, SetValueTargetBlendsTheSearchedEstimateIntoTheResult) {
  DecisionRecord d;
  d.root_visits = 50;
  d.root_value = 0.2f;  // win − loss
  d.root_draw = 0.4f;   // so win 0.4, draw 0.4, loss 0.2
  float wdl[3];
  set_value_target(d, 0, 0.0, wdl);
  EXPECT_EQ(wdl[0], 1.0f);
  EXPECT_EQ(wdl[1], 0.0f);
  EXPECT_EQ(wdl[2], 0.0f);
  set_value_target(d, 2, 0.25, wdl);
  EXPECT_NEAR(wdl[0], 0.25 * 0.4, 1e-6);
  EXPECT_NEAR(wdl[1], 0.25 * 0.4, 1e-6);
  EXPECT_NEAR(wdl[2], 0.75 + 0.25 * 0.2, 1e-6);
  set_value_target(d, 1, 1.0, wdl);
  EXPECT_NEAR(wdl[0], 0.4, 1e-6);
  EXPECT_NEAR(wdl[1], 0.4, 1e-6);
  EXPECT_NEAR(wdl[2], 0.2, 1e-6);
  // A sure win whose draw share rounding left above 1 − value: loss clamps to
  // 0 and the rest is rescaled.
  d.root_value = 1.0f;
  d.root_draw = 0.1f;
  set_value_target(d, 2, 0.5, wdl);
  EXPECT_NEAR(wdl[0], 0.5 * 0.95 / 1.05, 1e-6);
  EXPECT_NEAR(wdl[1], 0.5 * 0.1 / 1.05, 1e-6);
  EXPECT_NEAR(wdl[2], 0.5, 1e-6);
  // Forced and random-opening decisions were not searched: the result only.
  d.root_visits = 0;
  set_value_target(d, 0, 0.5, wdl);
  EXPECT_EQ(wdl[0], 1.0f);
  EXPECT_EQ(wdl[1] + wdl[2], 0.0f);
}

// Through make_batches: every row of a decided game gets its mover's result
// blended with what its search said, by the configured weight.
TEST(ReplayBuffer, BatchesCarryTheConfiguredValueTargetBlend) {
  const int n = 5;
  auto ring = toy::make_ring_game(n);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayConfig config;
  config.value_target_search_weight = 0.25;
  ReplayBuffer buffer(ring, encoder, config);
  GameRecord r;
  for (uint64_t seed = 1; r.winner == kNoPlayer; ++seed) r = random_game(*ring, seed);
  for (DecisionRecord& d : r.decisions) {
    d.root_visits = 8;
    d.root_value = 0.2f;
    d.root_draw = 0.4f;
  }
  buffer.add_game(r);
  std::mt19937_64 rng(1);
  const auto b = buffer.make_batches(1, 64, 0, rng)[0];
  int wins = 0, losses = 0;
  for (int row = 0; row < 64; ++row) {
    const float* t = &b.wdl_targets[row * 3];
    EXPECT_NEAR(t[0] + t[1] + t[2], 1.0, 1e-6);
    EXPECT_NEAR(t[1], 0.1, 1e-6);
    const bool win = std::abs(t[0] - 0.85f) < 1e-6 && std::abs(t[2] - 0.05f) < 1e-6;
    const bool loss = std::abs(t[0] - 0.1f) < 1e-6 && std::abs(t[2] - 0.8f) < 1e-6;
    EXPECT_TRUE(win || loss) << "row " << row << ": " << t[0] << " " << t[1] << " " << t[2];
    wins += win;
    losses += loss;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

TEST(ReplayBuffer, TheWindowFollowsTheTaper) {
  auto ring = toy::make_ring_game(9);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayConfig config;
  config.min_samples = 50;
  config.growth = 0.5;
  ReplayBuffer buffer(ring, encoder, config);
  int64_t max_game = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GameRecord r = random_game(*ring, seed);
    max_game = std::max(max_game, searched_decisions(r));
    buffer.add_game(r);
  }
  const int64_t wanted = window_size(config, buffer.total_samples());
  EXPECT_LT(wanted, buffer.total_samples() / 2);
  EXPECT_GE(buffer.window_samples(), wanted);
  EXPECT_LT(buffer.window_samples(), wanted + max_game);
  EXPECT_LT(buffer.window_games(), 200);
}

// A run continued from a zoo entry holds only its own games: with the
// samples before counted, its window is the one the uninterrupted run has
// (the same games), and it is not full until it holds the window the run had
// when it was continued.
TEST(ReplayBuffer, AContinuedRunsWindowIsTheWholeRunsWindow) {
  auto ring = toy::make_ring_game(9);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayConfig config;
  config.min_samples = 50;
  config.growth = 0.5;
  ReplayBuffer whole(ring, encoder, config), first_half(ring, encoder, config);
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    whole.add_game(random_game(*ring, seed));
    if (seed <= 100) first_half.add_game(random_game(*ring, seed));
  }
  EXPECT_TRUE(whole.window_full());
  ReplayBuffer continued(ring, encoder, config);
  EXPECT_TRUE(continued.window_full());  // nothing before: a run's first buffer
  continued.set_samples_before(first_half.total_samples());
  EXPECT_EQ(continued.window_before(), window_size(config, first_half.total_samples()));
  EXPECT_FALSE(continued.window_full());
  for (uint64_t seed = 101; seed <= 200; ++seed) {
    continued.add_game(random_game(*ring, seed));
    EXPECT_EQ(continued.window_full(), continued.total_samples() >= continued.window_before());
  }
  EXPECT_TRUE(continued.window_full());
  EXPECT_EQ(continued.window_wanted(), whole.window_wanted());
  EXPECT_EQ(continued.window_samples(), whole.window_samples());
  EXPECT_EQ(continued.window_games(), whole.window_games());
  EXPECT_LT(continued.window_games(), 100);  // so both windows are of games 101-200
  EXPECT_THROW(continued.set_samples_before(-1), std::invalid_argument);
}

TEST(ReplayBuffer, RejectsRecordsThatDoNotReplay) {
  auto ring = toy::make_ring_game(7);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  GameRecord other = random_game(*ring, 2);
  other.game = "chess";
  EXPECT_THROW(buffer.add_game(other), GameError);
  GameRecord illegal = random_game(*ring, 2);
  illegal.decisions[1].action = illegal.decisions[0].action;  // an occupied cell
  EXPECT_THROW(buffer.add_game(illegal), GameError);
  GameRecord wrong_end = random_game(*ring, 2);
  wrong_end.winner = wrong_end.winner == 0 ? 1 : 0;
  EXPECT_THROW(buffer.add_game(wrong_end), GameError);
  EXPECT_EQ(buffer.total_games(), 0);
}

TEST(ReplayBuffer, AcceptsResignedGamesThatStopEarly) {
  auto ring = toy::make_ring_game(7);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  GameRecord r = random_game(*ring, 4);
  r.decisions.resize(3);
  r.winner = 1;
  r.end_reason = EndReason::kTarget;  // but the game is not over after 3 decisions
  EXPECT_THROW(buffer.add_game(r), GameError);
  r.end_reason = EndReason::kResign;
  buffer.add_game(r);
  EXPECT_EQ(buffer.total_games(), 1);
}

TEST(ReplayBuffer, SkipsADamagedShardAndLoadsTheOthers) {
  TempDir dir;
  auto ring = toy::make_ring_game(7);
  auto encoder = toy::make_toy_encoder(*ring);
  int64_t good_samples = 0;
  for (int shard = 0; shard < 3; ++shard) {
    ShardFileWriter writer((dir.path / ("s" + std::to_string(shard) + ".shard")).string());
    for (uint64_t g = 0; g < 4; ++g) {
      GameRecord r = random_game(*ring, 100 * shard + g);
      if (shard != 1) good_samples += searched_decisions(r);
      writer.add(r);
    }
    writer.finish();
  }
  // Truncate the middle shard.
  const fs::path damaged = dir.path / "s1.shard";
  fs::resize_file(damaged, fs::file_size(damaged) / 2);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(buffer.load_new_shards(dir.path.string()), good_samples);
  const std::string warnings = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(warnings.find("s1.shard"), std::string::npos) << warnings;
  EXPECT_EQ(buffer.total_games(), 8);
  // Nothing new: a second call loads nothing.
  EXPECT_EQ(buffer.load_new_shards(dir.path.string()), 0);
}

TEST(ReplayBuffer, SelfPlayShardsReplayIntoOneSamplePerSearchedDecision) {
  TempDir dir;
  auto ring = toy::make_ring_game(9);
  std::shared_ptr<const Encoder> encoder = toy::make_toy_encoder(*ring);
  SelfPlayRunner runner = mock_self_play(ring, encoder, 6, 5);
  ShardWriter writer(dir.path.string(), "it000001", 5);
  int64_t expected = 0, full = 0;
  runner.play(12, nullptr, [&](GameRecord&& r) {
    for (const auto& d : r.decisions) {
      expected += d.num_legal > 1;
      full += d.full_search();
    }
    writer.add(r);
  });
  writer.flush();
  ASSERT_EQ(list_shards({dir.path.string()}).size(), 3u);  // 5 + 5 + 2 games

  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  EXPECT_EQ(buffer.load_new_shards(dir.path.string()), expected);
  EXPECT_EQ(buffer.total_games(), 12);
  ASSERT_GT(full, 0);
  std::mt19937_64 rng(9);
  const int n = 9;
  for (const TrainingBatch& b : buffer.make_batches(3, 50, 0, rng)) {
    for (int row = 0; row < 50; ++row) {
      float sum = 0;
      for (int t = 0; t < n; ++t) {
        const float p = b.policy_targets[row * n + t];
        sum += p;
        if (p > 0) {
          EXPECT_TRUE(b.inputs[row * 2 * n + t] == 0 && b.inputs[row * 2 * n + n + t] == 0);
        }
      }
      EXPECT_NEAR(sum, b.policy_weight[row] > 0 ? 1.0f : 0.0f, 1e-5);
    }
  }
}

}  // namespace
}  // namespace inchzero

namespace inchzero {
namespace {

// Shards of networks too old are refused on arrival, and that decision is
// kept in the arrival index, so a restarted trainer counts the same samples
// whatever its newest network is; games already in the window leave it when
// their network grows too old.
TEST(ReplayBuffer, DropsShardsOfNetworksTooOldAndKeepsTheDecision) {
  TempDir dir;
  auto ring = toy::make_ring_game(7);
  auto encoder = toy::make_toy_encoder(*ring);
  const std::string index = (dir.path / "index.jsonl").string();
  const fs::path shards = dir.path / "shards";
  fs::create_directories(shards);
  std::map<int, int64_t> samples;  // by generation
  auto write = [&](const std::string& name, int generation) {
    ShardFileWriter writer((shards / name).string());
    for (uint64_t g = 0; g < 3; ++g) {
      GameRecord r = random_game(*ring, 10 * generation + g);
      r.network = "net-00000" + std::to_string(generation);
      samples[generation] += searched_decisions(r);
      writer.add(r);
    }
    writer.finish();
  };
  ReplayConfig config;
  config.max_generation_age = 2;
  write("ext-a-000000.shard", 3);
  write("ext-b-000000.shard", 1);  // a slow worker's shard, three generations late
  {
    ShardArrivals arrivals(index);
    ReplayBuffer buffer(ring, encoder, config);
    buffer.set_newest_generation(4);
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(buffer.load_new_shards(shards.string(), &arrivals), samples[3]);
    EXPECT_NE(::testing::internal::GetCapturedStderr().find("max_generation_age"),
              std::string::npos);
    EXPECT_EQ(buffer.stale_games(), 3);
    write("ext-a-000001.shard", 5);
    buffer.set_newest_generation(5);
    EXPECT_EQ(buffer.load_new_shards(shards.string(), &arrivals), samples[5]);
    EXPECT_EQ(buffer.window_samples(), samples[3] + samples[5]);
    buffer.set_newest_generation(6);  // generation 3 is now too old
    EXPECT_EQ(buffer.window_samples(), samples[5]);
    EXPECT_EQ(buffer.total_samples(), samples[3] + samples[5]);
  }
  // A restart: the index keeps the order and the refusal.
  ShardArrivals arrivals(index);
  ASSERT_EQ(arrivals.all().size(), 3u);
  EXPECT_EQ(arrivals.all()[0].shard, "ext-a-000000.shard");  // by name within one load
  EXPECT_FALSE(arrivals.find("ext-b-000000.shard")->accepted);
  ReplayBuffer again(ring, encoder, config);
  again.set_newest_generation(1);  // (it would not be too old now)
  EXPECT_EQ(again.load_new_shards(shards.string(), &arrivals), samples[3] + samples[5]);
  EXPECT_EQ(again.stale_games(), 3);
}

}  // namespace
}  // namespace inchzero

namespace inchzero {
namespace {

// The slices of a batch that data-parallel ranks make (same RNG state) are,
// one after the other, exactly the batch one rank makes, and every rank
// leaves the RNG in the same state.
TEST(ReplayBuffer, RankSlicesTogetherAreTheWholeBatch) {
  auto ring = toy::make_ring_game(7);
  auto encoder = toy::make_toy_encoder(*ring);
  ReplayBuffer buffer(ring, encoder, ReplayConfig{});
  for (uint64_t g = 0; g < 20; ++g) buffer.add_game(random_game(*ring, 500 + g));
  std::mt19937_64 whole_rng(3);
  const std::vector<TrainingBatch> whole = buffer.make_batches(2, 11, 0, whole_rng);
  std::vector<TrainingBatch> parts[3];
  for (int rank = 0; rank < 3; ++rank) {
    std::mt19937_64 rng(3);
    parts[rank] = buffer.make_batches(2, 11, 0, rng, rank, 3);
    EXPECT_EQ(rng(), std::mt19937_64(whole_rng)());
  }
  for (int b = 0; b < 2; ++b) {
    std::vector<float> inputs, policy, weight, wdl;
    for (int rank = 0; rank < 3; ++rank) {
      const TrainingBatch& p = parts[rank][b];
      EXPECT_EQ(p.size, rank < 2 ? 4 : 3);  // 11 rows: 4 + 4 + 3
      inputs.insert(inputs.end(), p.inputs.begin(), p.inputs.end());
      policy.insert(policy.end(), p.policy_targets.begin(), p.policy_targets.end());
      weight.insert(weight.end(), p.policy_weight.begin(), p.policy_weight.end());
      wdl.insert(wdl.end(), p.wdl_targets.begin(), p.wdl_targets.end());
    }
    EXPECT_EQ(inputs, whole[b].inputs);
    EXPECT_EQ(policy, whole[b].policy_targets);
    EXPECT_EQ(weight, whole[b].policy_weight);
    EXPECT_EQ(wdl, whole[b].wdl_targets);
  }
}

}  // namespace
}  // namespace inchzero

namespace inchzero {
namespace {

// Issue 16: a resumed run keeps its replay window when its rules are written
// differently but play the same. A run's self-play shards are written; the
// run is "resumed" with its rules from a rule file that spells an option out
// at its default (another label, another text): the window holds every old
// sample. A real change of play (the ply cap) takes none of them, and says
// why for each game. (A rules text without an option's line, as an older
// inchzero wrote it, has the same fingerprint: core/rules_fingerprint_test.)
TEST(ReplayBuffer, AResumedRunKeepsItsWindowWhenItsRulesAreOnlyWrittenDifferently) {
  TempDir dir;
  const std::vector<std::string> small = {"width=4", "height=3", "max_plies=30"};
  auto game = load_game("invector", "", small);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  SelfPlayRunner runner = mock_self_play(game, encoder, 4, 11);
  ShardWriter writer(dir.path.string(), "it000001", 4);
  runner.play(8, nullptr, [&](GameRecord&& r) { writer.add(r); });
  writer.flush();
  ReplayBuffer before(game, encoder, ReplayConfig{});
  const int64_t samples = before.load_new_shards(dir.path.string());
  ASSERT_GT(samples, 0);
  ASSERT_EQ(before.total_games(), 8);

  // 1. The same rules, an option spelled out at its default.
  const fs::path rules = dir.path / "spelled.yaml";
  std::ofstream(rules) << "options: { width: 4, height: 3, max_plies: 30, pie: true }\n";
  auto spelled = load_game("invector", rules.string());
  ASSERT_NE(spelled->options().label(), game->options().label());
  ReplayBuffer resumed(spelled, encoder, ReplayConfig{});
  EXPECT_EQ(resumed.load_new_shards(dir.path.string()), samples);
  EXPECT_EQ(resumed.window_samples(), before.window_samples());

  // 2. A change of play: none of the old games, each refused with the reason.
  auto capped = load_game("invector", "", {"width=4", "height=3", "max_plies=8"});
  ReplayBuffer changed(capped, encoder, ReplayConfig{});
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(changed.load_new_shards(dir.path.string()), 0);
  const std::string warnings = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(changed.total_games(), 0);
  EXPECT_NE(warnings.find("played under other rules than the run's"), std::string::npos)
      << warnings;
  EXPECT_NE(warnings.find("max_plies (record: 30, run: 8)"), std::string::npos) << warnings;
}

}  // namespace
}  // namespace inchzero
