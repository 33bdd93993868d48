// Shard records as PlayedGames: decisions grouped into full moves (Inchworm
// collects and distributions are several decisions), the rules rebuilt under
// their label or from their values, and records that do not replay refused.
#include "selfplay/record_export.h"

#include <gtest/gtest.h>

#include <random>

#include "core/records/text_record.h"
#include "core/registry.h"

namespace inchzero {
namespace {

// A record of a random game (random decisions), as self-play writes one.
GameRecord random_record(const std::string& game_name, const std::string& rules, uint64_t seed,
                         int max_decisions, std::vector<Move>* moves = nullptr) {
  auto game = load_game(game_name, rules, {"max_plies=80"});
  GameRecord r;
  r.game = game_name;
  r.rules_label = game->options().label();
  r.rules_yaml = game->options().to_yaml();
  r.network = "mock";
  r.seed = seed;
  std::mt19937_64 rng(seed);
  std::unique_ptr<State> state = game->initial_state();
  Move move;
  while (!state->is_terminal() && static_cast<int>(r.decisions.size()) < max_decisions) {
    const std::vector<Action> legal = state->legal_actions();
    DecisionRecord d;
    d.player = static_cast<int8_t>(state->current_player());
    d.action = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
    r.decisions.push_back(d);
    state->apply_action(d.action);
    move.push_back(d.action);
    if (!state->in_compound_move()) {
      if (moves) moves->push_back(move);
      move.clear();
    }
  }
  r.winner = state->winner();
  r.end_reason = state->is_terminal() ? state->end_reason() : EndReason::kDecisionLimit;
  r.plies = state->ply();
  return r;
}

TEST(RecordExport, GroupsDecisionsIntoFullMoves) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    std::vector<Move> moves;
    const GameRecord r = random_record("inchworm", "", seed, 100000, &moves);
    const PlayedGame g = played_game_from_record(r, "x.shard", 3);
    EXPECT_EQ(g.moves, moves);
    EXPECT_EQ(g.rules_label, r.rules_label);
    EXPECT_EQ(g.origin.source, "x.shard");
    EXPECT_EQ(g.origin.source_game, 3);
    EXPECT_EQ(g.origin.seed, seed);
    // Through the text record and back.
    const LoadedRecord back = read_text_record(write_text_record(g), "mem");
    EXPECT_EQ(back.game.moves, moves);
  }
  // Some of those games hold compound moves, or the test proves little.
  std::vector<Move> moves;
  random_record("inchworm", "", 1, 100000, &moves);
  size_t longest = 0;
  for (const Move& m : moves) longest = std::max(longest, m.size());
  EXPECT_GT(longest, 1u);
}

TEST(RecordExport, KeepsTheLabelOnlyWhenItStillGivesTheValues) {
  GameRecord r = random_record("inchworm", "menke", 2, 30);
  EXPECT_EQ(played_game_from_record(r).game->options().label(), "menke+max_plies=80");
  r.rules_label = "gone.yaml";  // a rule file that is not there any more
  const PlayedGame g = played_game_from_record(r);
  EXPECT_TRUE(g.game->options().get_bool("menke"));
  EXPECT_EQ(g.game->options().get_int("max_plies"), 80);
  EXPECT_EQ(g.rules_label, "gone.yaml");
}

TEST(RecordExport, ACutInsideAMoveKeepsTheCompleteMoves) {
  // Find a game whose decision_limit cut falls inside a compound move.
  for (int cut = 5; cut < 200; ++cut) {
    std::vector<Move> moves;
    GameRecord r = random_record("inchworm", "", 4, cut, &moves);
    size_t complete = 0;
    for (const Move& m : moves) complete += m.size();
    if (complete == r.decisions.size() || r.end_reason != EndReason::kDecisionLimit) continue;
    EXPECT_EQ(played_game_from_record(r).moves, moves);
    r.end_reason = EndReason::kResign;
    EXPECT_THROW(played_game_from_record(r), GameError);
    return;
  }
  FAIL() << "no cut inside a move found";
}

TEST(RecordExport, RefusesRecordsThatDoNotReplay) {
  GameRecord r = random_record("invector", "", 3, 100000);
  GameRecord illegal = r;
  illegal.decisions[2].action = illegal.decisions[1].action;
  EXPECT_THROW(played_game_from_record(illegal), GameError);
  GameRecord wrong_winner = r;
  wrong_winner.winner = r.winner == 0 ? 1 : 0;
  EXPECT_THROW(played_game_from_record(wrong_winner), GameError);
  GameRecord bad_rules = r;
  bad_rules.rules_yaml += "colour: red\n";
  EXPECT_THROW(played_game_from_record(bad_rules), GameError);
}

}  // namespace
}  // namespace inchzero
