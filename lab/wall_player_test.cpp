// The wall-builder against the random player under the original rules: it
// must complete a formation the original rules cannot capture (a group with
// two sealed eyes, core/games/inchworm/analysis.h) in most games of a
// fixed-seed sample.
#include "lab/wall_player.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/test_support.h"
#include "core/registry.h"
#include "core/seed.h"
#include "lab/lab_players.h"
#include "selfplay/players/player_spec.h"
#include "train/run_config.h"

namespace inchzero {
namespace {

// Plays wall (colour `wall_colour`) against random until the wall-builder
// stands in an uncapturable formation or `max_plies` pass; returns the ply
// at which it first did (-1: never).
int formation_ply(const Game& game, const PlayerFactory& wall, const PlayerFactory& random,
                  int wall_colour, uint64_t seed, int max_plies) {
  std::unique_ptr<Player> players[2];
  players[wall_colour] = wall.make(derive_seed(seed, {0}));
  players[1 - wall_colour] = random.make(derive_seed(seed, {1}));
  std::unique_ptr<State> state = game.initial_state();
  while (!state->is_terminal() && state->ply() < max_plies) {
    const auto& s = dynamic_cast<const inchworm::InchwormState&>(*state);
    if (inchworm::find_formations(s.position(), wall_colour, s.geometry()).uncapturable()) {
      return state->ply();
    }
    state->apply_move(players[state->current_player()]->choose_move(*state));
  }
  return -1;
}

// The wall-builder is a spec only once the lab has registered it.
class WallPlayer : public ::testing::Test {
 protected:
  void SetUp() override { lab::register_lab_players(); }
};

TEST_F(WallPlayer, CompletesAnUncapturableFormationAgainstRandom) {
  auto game = load_game("inchworm", "original");
  auto wall = make_player_factory("wall", game);
  auto random = make_player_factory("random", game);
  constexpr int kGames = 10;
  int completed = 0;
  for (int i = 0; i < kGames; ++i) {
    const int ply = formation_ply(*game, *wall, *random, i % 2, 1000 + i, 200);
    completed += ply >= 0;
  }
  // The formation needs about 8 drops on 8 × 8; a random opponent rarely
  // blocks every route. Demand a clear majority of the sample.
  EXPECT_GE(completed, 8) << completed << " of " << kGames;
}

// The passive waiter is the builder without the aim: against the same
// random opponents and seeds under which the builder stands in a formation
// in most games (above), it never completes one.
TEST_F(WallPlayer, TheWaiterNeverCompletesAFormation) {
  auto game = load_game("inchworm", "original");
  auto waiter = make_player_factory("waiter", game);
  auto random = make_player_factory("random", game);
  EXPECT_EQ(waiter->describe(), "waiter");
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(formation_ply(*game, *waiter, *random, i % 2, 1000 + i, 200), -1) << "game " << i;
  }
  EXPECT_THROW(make_player_factory("waiter", load_game("invector", "")), GameError);
}

// The waiter holds no fortress of the rules in force either (issue 50):
// Red's stones a1 and a3 with one piece in stock, Blue's one stack of 9.
// The drop a2 joins them into one group with the fewest groups in reach of
// Blue's stack (the waiter's own tie-break), and under menke that group,
// all Red has, is a proven fortress (core/games/inchworm/fortress.h): the
// waiter must not play it there, and plays it under the original rules.
TEST_F(WallPlayer, TheWaiterDoesNotGatherIntoAFortressOfTheRulesInForce) {
  const char* position = "7,B9/8/8/8/8/R1,7/8/R1,7 r 1,0 0,0 0,0";
  for (const char* rules : {"original", "menke"}) {
    const auto game = inchworm::testing::game({}, rules);
    const auto state = inchworm::testing::at(game, position);
    auto waiter = make_player_factory("waiter", game);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const std::string move = state->move_to_string(waiter->make(seed)->choose_move(*state));
      if (std::string(rules) == "menke") {
        EXPECT_NE(move, "a2") << "seed " << seed;
      } else {
        EXPECT_EQ(move, "a2") << "seed " << seed;
      }
    }
  }
}

// Rank (e): a builder that can keep its formation only by spending stock
// does not drop onto a stack already at the mobile height (3), where the
// piece would be stuck. 4 x 4, Red's group b1 d1 a2 b2 c2 d2 with eyes a1
// and c1, every outer liberty Blue's: the keeping moves are drops, onto b1
// or d1 (height 2), onto the empty fourth rank, or onto a2..d2 (height 4);
// without rank (e) those tie, and the ten seeds below avoid a2..d2 with a
// chance of about 0.6 ^ 10.
// The builder's moves in that position (Red, stock 2, its group standing),
// one per seed 1 … 10.
std::vector<std::string> standing_group_waits() {
  const auto game = inchworm::testing::game({"width=4", "height=4"}, "original");
  const auto state =
      inchworm::testing::at(game, "4/B1,B1,B1,B1/R3,R3,R3,R3/1,R1,1,R1 r 2,5 0,0 0,0");
  auto wall = make_player_factory("wall", game);
  std::vector<std::string> moves;
  for (uint64_t seed = 1; seed <= 10; ++seed)
    moves.push_back(state->move_to_string(wall->make(seed)->choose_move(*state)));
  return moves;
}

TEST_F(WallPlayer, WaitsByDroppingOntoALowStackNotATallOne) {
  const std::vector<std::string> moves = standing_group_waits();
  for (size_t k = 0; k < moves.size(); ++k) {
    const std::string& move = moves[k];
    EXPECT_TRUE(move != "a2" && move != "b2" && move != "c2" && move != "d2")
        << "seed " << k + 1 << ": " << move;
  }
}

// Rank (c2): once its formation stands, the builder keeps its material in
// the two-eyed group, where no attacker can take it. The position above:
// the drops that keep the formation and stay low are b1, d1 (inside the
// group) and a4..d4 (alone on the fourth rank, where an attacker can take
// them: against siege:3 the builder of 2026-12-06 lost 29 of 32 games this
// way, its group standing at the end of 25). Without the rank b1 and d1 tie
// with the fourth rank, and the ten seeds below keep to them with a chance
// of about (2/6)^10.
TEST_F(WallPlayer, KeepsItsMaterialInsideItsStandingGroup) {
  const std::vector<std::string> moves = standing_group_waits();
  for (size_t k = 0; k < moves.size(); ++k)
    EXPECT_TRUE(moves[k] == "b1" || moves[k] == "d1") << "seed " << k + 1 << ": " << moves[k];
}

// The builder's "standing" is the rules core's: four lone stones around a1
// and c1 (eyes a distribution enters diagonally, analysis_test.cpp) leave a
// gap, the corner group b1 d1 a2 b2 c2 d2 closes it.
TEST(FormationGap, IsZeroOnlyWhenTheCoreSaysAFormationStands) {
  auto game = inchworm::testing::game();
  const auto targets = lab::two_eye_targets(game->geometry());
  auto lone = inchworm::testing::at(game, "7,B1/8/8/8/8/8/R1,1,R1,5/1,R1,1,R1,4 b 21,24 0,0 0,0");
  EXPECT_GT(lab::formation_gap(*lone, inchworm::kRed, targets), 0);
  auto sealed =
      inchworm::testing::at(game, "7,B1/8/8/8/8/8/R1,R1,R1,R1,4/1,R1,1,R1,4 b 19,24 0,0 0,0");
  EXPECT_EQ(lab::formation_gap(*sealed, inchworm::kRed, targets), 0);
}

// The lab's out-of-memory shape: tall stacks on both sides, so the moves of
// the wall-builder and the replies its safety check tries include
// distributions with more paths than memory holds (legal_moves() lists them
// all). Both heuristic players must pick a legal move from a bounded list.
TEST_F(WallPlayer, TallStacksDoNotExhaustMemory) {
  auto game = load_game("inchworm", "original");
  const std::string position = "8/8/8/2,R20,5/4,B1,3/3,B1,B18,3/8/8 r 5,5 0,0 0,0 40 0 0";
  for (const char* spec : {"wall", "greedy"}) {
    auto factory = make_player_factory(spec, game);
    std::unique_ptr<Player> player = factory->make(3);
    std::unique_ptr<State> state = game->state_from_position(position);
    for (int ply = 0; ply < 4 && !state->is_terminal(); ++ply) {
      const Move move = player->choose_move(*state);
      // parse_move checks legality (it throws GameError on an illegal move).
      ASSERT_EQ(state->parse_move(state->move_to_string(move)), move) << spec;
      state->apply_move(move);
    }
  }
}

TEST_F(WallPlayer, SpecParsesAndRefusesOtherGames) {
  EXPECT_EQ(parse_player_spec("wall").kind, PlayerSpec::Kind::kRegistered);
  EXPECT_EQ(parse_player_spec("wall").registered, "wall");
  EXPECT_EQ(parse_player_spec("wall").to_string(), "wall");
  EXPECT_THROW(parse_player_spec("wall:3"), GameError);
  EXPECT_THROW(make_player_factory("wall", load_game("invector", "")), GameError);
}

// Registered, the wall-builder is an evaluation opponent like the built-in
// players, checked against the game when the run config is read.
TEST_F(WallPlayer, AnEvaluationOpponentThatCannotPlayTheGameIsNamed) {
  auto error_of = [](const std::string& yaml) -> std::string {
    try {
      RunConfig::from_yaml_text(yaml, "test.yaml");
    } catch (const GameError& e) {
      return e.what();
    }
    return "";
  };
  const std::string error =
      error_of("game: {name: invector}\nevaluation: {baselines: \"random, wall\"}");
  EXPECT_NE(error.find("'wall' cannot play invector"), std::string::npos) << error;
  EXPECT_EQ(error_of("evaluation: {baselines: \"random, wall\"}"), "");
}

TEST(PlayerRegistry, UnregisteredKindsAreRefusedAndBuiltInsCannotBeReplaced) {
  EXPECT_THROW(parse_player_spec("no-such-lab-player"), GameError);
  PlayerKind greedy;
  greedy.name = "greedy";
  greedy.make = [](const PlayerSpec&, std::shared_ptr<const Game>, const SearchConfig&) {
    return std::unique_ptr<PlayerFactory>();
  };
  EXPECT_THROW(register_player_kind(greedy), GameError);
}

}  // namespace
}  // namespace inchzero
