// draw_start_positions (Go-Exploit's archive): positions of the records
// given, at move boundaries of games still going, each parsing back to the
// state the replay reached there.
#include "selfplay/start_positions.h"

#include <gtest/gtest.h>

#include <set>

#include "core/registry.h"

namespace inchzero {
namespace {

std::shared_ptr<const Game> small_inchworm() {
  return load_game("inchworm", "", {"width=4", "height=4", "stock=4", "target_score=4"});
}

// A game of uniformly random decisions from `start` (the initial state when
// empty), `max_decisions` at most (then left unfinished, as a resigned
// record would be).
GameRecord random_game(const Game& game, uint64_t seed, size_t max_decisions,
                       const std::string& start = "") {
  std::mt19937_64 rng(seed);
  GameRecord record;
  record.start_position = start;
  std::unique_ptr<State> state =
      start.empty() ? game.initial_state() : game.state_from_position(start);
  std::vector<Action> scratch;
  while (!state->is_terminal() && record.decisions.size() < max_decisions) {
    DecisionRecord d;
    d.action = state->random_legal_action(rng, scratch);
    d.player = static_cast<int8_t>(state->current_player());
    record.decisions.push_back(d);
    state->apply_action(d.action);
  }
  return record;
}

// Every position a record's replay passes at a move boundary before its end.
std::set<std::string> boundary_positions(const Game& game, const GameRecord& record) {
  std::set<std::string> seen;
  std::unique_ptr<State> state = record.start_position.empty()
                                     ? game.initial_state()
                                     : game.state_from_position(record.start_position);
  for (const DecisionRecord& d : record.decisions) {
    if (!state->in_compound_move()) seen.insert(state->to_position());
    state->apply_action(d.action);
  }
  return seen;
}

TEST(StartPositions, AreBoundaryPositionsOfTheRecordsReplays) {
  const auto game = small_inchworm();
  std::vector<GameRecord> games;
  for (uint64_t s = 0; s < 6; ++s) games.push_back(random_game(*game, s, 400));
  // A record that starts elsewhere is replayed from its own start.
  const std::string elsewhere = *boundary_positions(*game, games[0]).rbegin();
  games.push_back(random_game(*game, 99, 400, elsewhere));
  std::set<std::string> reachable;
  std::vector<const GameRecord*> records;
  for (const GameRecord& g : games) {
    records.push_back(&g);
    for (const std::string& p : boundary_positions(*game, g)) reachable.insert(p);
  }
  std::mt19937_64 rng(5);
  const std::vector<std::string> drawn = draw_start_positions(*game, records, 200, rng);
  ASSERT_EQ(drawn.size(), 200u);
  std::set<std::string> distinct;
  for (const std::string& p : drawn) {
    EXPECT_TRUE(reachable.count(p)) << p << " is no boundary position of the records";
    const std::unique_ptr<State> state = game->state_from_position(p);
    EXPECT_FALSE(state->is_terminal()) << p;
    EXPECT_FALSE(state->in_compound_move()) << p;
    EXPECT_EQ(state->to_position(), p);
    distinct.insert(p);
  }
  // Drawn over the games' length, not only their starts.
  EXPECT_GT(distinct.size(), 100u);
  bool late = false;
  for (const std::string& p : distinct) late |= game->state_from_position(p)->ply() > 20;
  EXPECT_TRUE(late);
  // Reproducible from the generator, and another generator draws others.
  std::mt19937_64 again(5), other(6);
  EXPECT_EQ(draw_start_positions(*game, records, 200, again), drawn);
  EXPECT_NE(draw_start_positions(*game, records, 200, other), drawn);
}

TEST(StartPositions, NoneWithoutRecordsOrCount) {
  const auto game = small_inchworm();
  const GameRecord g = random_game(*game, 1, 50);
  std::mt19937_64 rng(1);
  EXPECT_TRUE(draw_start_positions(*game, {}, 10, rng).empty());
  EXPECT_TRUE(draw_start_positions(*game, {&g}, 0, rng).empty());
  // A record without decisions has no position before its end to give.
  const GameRecord empty;
  EXPECT_TRUE(draw_start_positions(*game, {&empty}, 10, rng).empty());
}

}  // namespace
}  // namespace inchzero
