// Queries that extend recent ones replay only their new moves, and answer
// exactly what a full replay gives: the position, the errors and their move
// index, other starts and other games kept apart.
#include "engine/replay_cache.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "engine/analysis_engine.h"

namespace inchzero {
namespace {

TEST(ReplayCache, FindsTheLongestPrefixOfTheSameGameAndStart) {
  const auto game = load_game("inchworm");
  const auto other = load_game("inchworm", "", {"target_score=10"});
  ReplayCache cache(2);
  auto state = game->initial_state();
  cache.remember(*game, "start", {}, *state);
  state->apply_move(state->parse_move("d4"));
  cache.remember(*game, "start", {"d4"}, *state);
  const std::string after_d4 = state->to_position();

  ReplayCache::Hit hit = cache.longest_prefix(*game, "start", {"d4", "e5", "c3"});
  ASSERT_TRUE(hit.state);
  EXPECT_EQ(hit.moves, 1u);
  EXPECT_EQ(hit.state->to_position(), after_d4);
  EXPECT_FALSE(cache.longest_prefix(*game, "start", {"e4"}).moves);  // only the empty prefix
  EXPECT_FALSE(cache.longest_prefix(*game, "position x", {"d4"}).state) << "another start";
  EXPECT_FALSE(cache.longest_prefix(*other, "start", {"d4"}).state) << "another game";
  // Full: the least recently used goes (the start, not the just-used "d4").
  cache.longest_prefix(*game, "start", {"d4"});
  state->apply_move(state->parse_move("e5"));
  cache.remember(*game, "start", {"d4", "e5"}, *state);
  EXPECT_EQ(cache.longest_prefix(*game, "start", {"d4", "e5"}).moves, 2u);
  EXPECT_EQ(cache.longest_prefix(*game, "start", {"d4"}).moves, 1u);
  EXPECT_FALSE(cache.longest_prefix(*game, "start", {"c3"}).state) << "the start was evicted";
}

TEST(ReplayCache, QueriesAlongAGameAnswerAsAFullReplayDoes) {
  const auto game = load_game("inchworm", "", {"target_score=200"});
  EngineOptions options;
  options.player = "random";
  options.game = game;
  EngineContext context(options);
  // A random game's moves, in notation.
  std::vector<std::string> moves;
  std::vector<std::string> positions;  // after each prefix
  std::mt19937_64 rng(4);
  auto state = game->initial_state();
  positions.push_back(state->to_position());
  while (moves.size() < 150 && !state->is_terminal()) {
    const std::vector<Move> legal = state->legal_moves();
    const Move& move = legal[rng() % legal.size()];
    moves.push_back(state->move_to_string(move));
    state->apply_move(move);
    positions.push_back(state->to_position());
  }
  ASSERT_GE(moves.size(), 100u);
  auto ask = [&](size_t length, const std::string& extra = "") {
    AnalysisQuery q;
    q.id = "q" + std::to_string(length);
    q.moves.assign(moves.begin(), moves.begin() + length);
    if (!extra.empty()) q.moves.push_back(extra);
    return answer_query(context, q);
  };
  // Forward in steps, back to earlier prefixes, forward again.
  for (size_t length : {0, 1, 2, 10, 11, 40, 100, 12, 5, 99, 100, 60}) {
    const auto answer = ask(length);
    ASSERT_TRUE(answer.contains("position")) << answer.dump();
    EXPECT_EQ(answer["position"], positions[length]) << "after " << length << " moves";
  }
  // A bad move after a cached prefix is named by its own index.
  const auto bad = ask(60, "z9");
  ASSERT_TRUE(bad.contains("error")) << bad.dump();
  EXPECT_NE(bad["error"].get<std::string>().find("moves[60] 'z9'"), std::string::npos)
      << bad.dump();
  // The same moves from another start are not taken for the game's.
  AnalysisQuery elsewhere;
  elsewhere.id = "elsewhere";
  elsewhere.initial_position = positions[1];
  elsewhere.moves.assign(moves.begin() + 1, moves.begin() + 11);
  EXPECT_EQ(answer_query(context, elsewhere)["position"], positions[11]);
  elsewhere.moves.assign(moves.begin(), moves.begin() + 3);  // "d4" twice is illegal
  EXPECT_TRUE(answer_query(context, elsewhere).contains("error"));
}

}  // namespace
}  // namespace inchzero
