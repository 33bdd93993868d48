// Teacher games (teacher_games.h) on compound Nim, whose moves are two
// decisions: records that replay, one-hot targets on the teacher's own
// decisions, the same game from the same seed, and errors carried out.
#include "selfplay/teacher_games.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "selfplay/players/player_spec.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

std::shared_ptr<const Game> nim() { return toy::make_compound_nim({3, 4, 5}, 3); }

TEST(TeacherGames, RecordTheTeachersDecisionsAsOneHotTargetsAndReplay) {
  const auto game = nim();
  const auto teacher = make_player_factory("uct:50", game);
  const GameRecord r = play_teacher_game(*game, *teacher, "uct:50", 11, 3, 1, 0);
  EXPECT_EQ(r.network, "teacher uct:50");
  EXPECT_EQ(r.game_index, 3);
  EXPECT_FALSE(r.resign_enabled);
  ASSERT_FALSE(r.decisions.empty());
  auto state = game->initial_state();
  int opening = 0, samples = 0;
  for (const DecisionRecord& d : r.decisions) {
    const std::vector<Action> legal = state->legal_actions();
    ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), d.action));
    EXPECT_EQ(d.player, state->current_player());
    EXPECT_EQ(d.num_legal, legal.size());
    EXPECT_EQ(d.root_visits, 0u);  // the value target is the outcome alone
    if (d.flags & DecisionRecord::kRandomOpening) {
      ++opening;
      EXPECT_TRUE(d.visits.empty());
    } else if (legal.size() == 1) {
      EXPECT_EQ(d.flags, DecisionRecord::kForced);
      EXPECT_TRUE(d.visits.empty());
    } else {
      ++samples;
      EXPECT_TRUE(d.full_search());
      ASSERT_EQ(d.visits.size(), 1u);
      EXPECT_EQ(d.visits[0].first, d.action);
      EXPECT_EQ(d.visits[0].second, 1u);
    }
    state->apply_action(d.action);
  }
  EXPECT_EQ(opening, 2);  // one full move of compound Nim: pile, then amount
  EXPECT_GT(samples, 0);
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(r.winner, state->winner());
  EXPECT_EQ(r.end_reason, state->end_reason());
  EXPECT_EQ(r.plies, state->ply());
  EXPECT_EQ(decode_record(encode_record(r)), r);
}

TEST(TeacherGames, TheSameSeedPlaysTheSameGameAndEveryIndexOnce) {
  const auto game = nim();
  const auto teacher = make_player_factory("uct:30", game);
  TeacherGamesOptions options;
  options.games = 12;
  options.threads = 2;
  options.seed = 5;
  options.first_index = 100;
  std::vector<GameRecord> records;
  play_teacher_games(*game, *teacher, "uct:30", options, 0, nullptr,
                     [&](GameRecord&& r) { records.push_back(std::move(r)); });
  ASSERT_EQ(records.size(), 12u);
  std::set<int64_t> indices;
  std::set<std::vector<Action>> lines;
  for (const GameRecord& r : records) {
    indices.insert(r.game_index);
    std::vector<Action> line;
    for (const DecisionRecord& d : r.decisions) line.push_back(d.action);
    lines.insert(line);
    // Game i is the game its seed plays on its own, whatever the threads.
    EXPECT_EQ(r, play_teacher_game(*game, *teacher, "uct:30", r.seed, r.game_index, 4, 0));
  }
  EXPECT_EQ(*indices.begin(), 100);
  EXPECT_EQ(*indices.rbegin(), 111);
  EXPECT_EQ(indices.size(), 12u);
  EXPECT_GT(lines.size(), 1u);  // the random openings make other games
}

// A teacher that breaks the rules, and one that throws, end the games with
// the error on the caller's thread.
class BadTeacher : public PlayerFactory, public Player {
 public:
  explicit BadTeacher(bool throws) : throws_(throws) {}
  std::unique_ptr<Player> make(uint64_t) const override {
    return std::make_unique<BadTeacher>(throws_);
  }
  std::string describe() const override { return "bad"; }
  Move choose_move(const State&) override {
    if (throws_) throw std::runtime_error("teacher broke down");
    return {Action(999)};
  }

 private:
  bool throws_;
};

TEST(TeacherGames, AnIllegalMoveOrAFailingTeacherIsAnErrorForTheCaller) {
  const auto game = nim();
  EXPECT_THROW(play_teacher_game(*game, BadTeacher(false), "bad", 1, 0, 0, 0), GameError);
  TeacherGamesOptions options;
  options.games = 6;
  options.threads = 2;
  int finished = 0;
  EXPECT_THROW(play_teacher_games(*game, BadTeacher(true), "bad", options, 0, nullptr,
                                  [&](GameRecord&&) { ++finished; }),
               std::runtime_error);
  EXPECT_EQ(finished, 0);
}

}  // namespace
}  // namespace inchzero
