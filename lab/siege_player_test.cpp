// The siege player: its tie-break term stays within ±0.5 and counts
// liberties the right way round, one move deep it plays a move of the best
// points-plus-pressure value, and its spec is checked and described.
#include "lab/siege_player.h"

#include <gtest/gtest.h>

#include <random>

#include "core/game.h"
#include "core/registry.h"
#include "lab/lab_players.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {

const inchworm::InchwormState& inchworm_of(const State& state) {
  return dynamic_cast<const inchworm::InchwormState&>(state);
}

// Seeded random positions of a small board, a few plies apart.
std::vector<std::unique_ptr<State>> random_positions(const Game& game, int count) {
  std::vector<std::unique_ptr<State>> out;
  std::mt19937_64 rng(5);
  auto state = game.initial_state();
  while (static_cast<int>(out.size()) < count) {
    if (state->is_terminal()) state = game.initial_state();
    const std::vector<Move> moves = state->legal_moves();
    state->apply_move(moves[rng() % moves.size()]);
    if (!state->is_terminal() && rng() % 3 == 0) out.push_back(state->clone());
  }
  return out;
}

TEST(SiegePlayer, PressureIsWithinHalfAPointAndAntisymmetric) {
  for (const char* rules : {"original", "menke"}) {
    SCOPED_TRACE(rules);
    const auto game = load_game("inchworm", rules);
    int nonzero = 0;
    for (const auto& state : random_positions(*game, 40)) {
      const double mine = lab::siege_pressure(inchworm_of(*state), 0);
      EXPECT_GT(mine, -0.5);
      EXPECT_LT(mine, 0.5);
      EXPECT_DOUBLE_EQ(mine, -lab::siege_pressure(inchworm_of(*state), 1));
      nonzero += mine != 0;
    }
    EXPECT_GT(nonzero, 10) << "the term never separates positions";
  }
}

// A scripted position: one stack of the first player in the middle of an
// empty 5 x 5 board has four liberties; one of the second in a corner has
// two, so its one piece is short of liberties at half weight; then the
// second player's piece with one liberty counts in full, the first's b1
// (two liberties) at half.
TEST(SiegePlayer, PressureCountsLibertiesTheRightWayRound) {
  const auto game = load_game("inchworm", "", {"width=5", "height=5", "stock=8"});
  auto state = game->initial_state();
  state->apply_move(state->parse_move("c3"));  // the first player drops in the middle
  state->apply_move(state->parse_move("a1"));  // the second in a corner
  const int first = 0;
  EXPECT_DOUBLE_EQ(lab::siege_pressure(inchworm_of(*state), first),
                   (4 - 2) / (4.0 * 26) + (0.5 - 0) / (4.0 * 3));
  state->apply_move(state->parse_move("b1"));  // a1 keeps one liberty, a2
  EXPECT_DOUBLE_EQ(lab::siege_pressure(inchworm_of(*state), first),
                   (6 - 1) / (4.0 * 26) + (1 - 0.5) / (4.0 * 4));
}

// Under menke a group without liberties is captured only beside an opposing
// group without liberties, so a group is short of liberties only beside an
// opposing group with at most one. The first player drops into the corner
// eye a1 of the second's a2 and b1 (two liberties each): its piece there has
// none but is no weakness, while a2 and b1 (beside it) count at half. Once
// a3 leaves a2 one liberty, a1 counts in full, and a3 (two liberties,
// beside a2) at half: the two sides' shortfalls then balance.
TEST(SiegePlayer, UnderMenkeAGroupIsShortOnlyBesideAnOpposingGroupShortOfLiberties) {
  const auto game = load_game("inchworm", "", {"width=5", "height=5", "stock=8", "menke=true"});
  auto state = game->initial_state();
  for (const char* move : {"e5", "a2", "e4", "b1", "a1"})
    state->apply_move(state->parse_move(move));
  const int first = 0;
  // Liberties 3 against 3 (a1 has none; d5, d4, e3 against a3, b2, c1).
  EXPECT_DOUBLE_EQ(lab::siege_pressure(inchworm_of(*state), first),
                   (3 - 3) / (4.0 * 26) + (1.0 - 0) / (4.0 * 6));
  for (const char* move : {"c5", "a3"}) state->apply_move(state->parse_move(move));
  EXPECT_DOUBLE_EQ(lab::siege_pressure(inchworm_of(*state), first),
                   (5 - 5) / (4.0 * 26) + (1.5 - 1.5) / (4.0 * 9));
}

// One move deep the search is the immediate value: the move it plays has the
// best points-plus-pressure value of all the moves (ties at random).
TEST(SiegePlayer, OneMoveDeepPlaysTheBestPointsPlusPressure) {
  lab::register_lab_players();
  const auto game = load_game("inchworm", "", {"width=5", "height=5", "stock=8"});
  const auto siege = make_player_factory("siege:1", game);
  int positions = 0, quiet = 0;
  for (const auto& state : random_positions(*game, 12)) {
    const int me = state->current_player();
    auto value = [&](const Move& move) {
      auto after = state->clone();
      after->apply_move(move);
      if (after->is_terminal()) return after->winner() == me ? 1e9 : after->winner() < 0 ? 0 : -1e9;
      return after->points(me) - after->points(1 - me) +
             lab::siege_pressure(inchworm_of(*after), me);
    };
    double best = -1e18;
    for (const Move& move : state->legal_moves()) best = std::max(best, value(move));
    const Move chosen = siege->make(positions)->choose_move(*state);
    EXPECT_DOUBLE_EQ(value(chosen), best) << state->to_position();
    quiet += best < 1;  // no capture within reach: the pressure decided
    ++positions;
  }
  EXPECT_GT(quiet, 3);
}

TEST(SiegePlayer, SpecIsCheckedAndDescribed) {
  lab::register_lab_players();
  const auto game = load_game("inchworm", "original");
  EXPECT_EQ(make_player_factory("siege:2", game)->describe(), "siege:2");
  for (const char* bad : {"siege:0", "siege:x", "siege:2:ms=5", "siege:9"}) {
    EXPECT_THROW(make_player_factory(bad, game), GameError) << bad;
  }
  EXPECT_THROW(make_player_factory("siege:2", load_game("invector")), GameError) << "Inchworm only";
}

}  // namespace
}  // namespace inchzero
