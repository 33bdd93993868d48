// The player check against a retrograde solution can fail: the solution's
// own best moves keep every value and convert every won position, a random
// player does neither, and a player that keeps every win but never ends the
// game keeps every won position and converts none.
#include "selfplay/retrograde_check.h"

#include <gtest/gtest.h>

#include "core/registry.h"
#include "selfplay/players/random_player.h"

namespace inchzero {
namespace {

using solver::RetrogradeSolution;
using solver::Value;

// Plays the move to a child chosen by `pick` among the position's children.
class SolutionPlayer : public Player {
 public:
  SolutionPlayer(const RetrogradeSolution& s, bool stall) : s_(s), stall_(stall) {}
  Move choose_move(const State& state) override {
    const auto& iw = dynamic_cast<const inchworm::InchwormState&>(state);
    const int64_t at = s_.find(s_.codec().pack(iw));
    const int64_t target = stall_ ? stalling_child(at) : s_.best_child(at);
    for (const Move& m : state.legal_moves()) {
      auto child = iw.clone_state();
      child->apply_move(m);
      if (s_.find(s_.codec().pack(*child)) == target) return m;
    }
    throw GameError("no move reaches the chosen child");
  }

 private:
  // In a won position a child that keeps the win but is not the end, as far
  // from it as there is; elsewhere the best child.
  int64_t stalling_child(int64_t at) const {
    if (s_.value(at) != Value::kWin) return s_.best_child(at);
    int64_t best = -1;
    for (int64_t c : s_.children(at))
      if (s_.value_for_mover(at, c) == Value::kWin && !s_.terminal(c) &&
          (best < 0 || s_.distance(c) > s_.distance(best)))
        best = c;
    return best >= 0 ? best : s_.best_child(at);
  }
  const RetrogradeSolution& s_;
  bool stall_;
};

class SolutionPlayerFactory : public PlayerFactory {
 public:
  SolutionPlayerFactory(const RetrogradeSolution& s, bool stall) : s_(s), stall_(stall) {}
  std::unique_ptr<Player> make(uint64_t) const override {
    return std::make_unique<SolutionPlayer>(s_, stall_);
  }
  std::string describe() const override { return stall_ ? "staller" : "perfect"; }

 private:
  const RetrogradeSolution& s_;
  bool stall_;
};

RetrogradeSolution small_board() {
  const auto game = load_game(
      "inchworm", "",
      {"width=3", "height=3", "stock=3", "target_score=2", "max_plies=0", "repetition_draw=0"});
  return solver::solve_retrograde(*game->initial_state());
}

TEST(RetrogradeCheck, ThePerfectPlayerKeepsEveryValueAndConvertsEveryWin) {
  const RetrogradeSolution s = small_board();
  RetrogradeCheckOptions options;
  options.sample = 300;
  options.conversions = 40;
  const RetrogradeCheck r =
      check_player_against_retrograde(s, SolutionPlayerFactory(s, false), options);
  ASSERT_GT(r.contested_positions, 300);
  EXPECT_EQ(r.checked(), 300);
  EXPECT_GT(r.won_checked, 0);
  EXPECT_GT(r.drawn_checked, 0);
  EXPECT_EQ(r.kept(), r.checked());
  EXPECT_EQ(r.conversion_games, 40);
  EXPECT_EQ(r.converted, 40);
  EXPECT_EQ(r.extra_moves_converted, 0);  // each in exactly its distance
}

TEST(RetrogradeCheck, ARandomPlayerIsCaught) {
  const RetrogradeSolution s = small_board();
  RetrogradeCheckOptions options;
  options.sample = 300;
  options.conversions = 40;
  const RetrogradeCheck r = check_player_against_retrograde(s, RandomPlayerFactory(), options);
  EXPECT_LT(r.kept(), r.checked() * 9 / 10);
  EXPECT_LT(r.converted, 40);
  EXPECT_GT(r.win_dropped, 0);
  // The same seed, the same figures.
  const RetrogradeCheck again = check_player_against_retrograde(s, RandomPlayerFactory(), options);
  EXPECT_EQ(again.to_json(), r.to_json());
}

TEST(RetrogradeCheck, KeepingTheWinIsNotConvertingIt) {
  const RetrogradeSolution s = small_board();
  RetrogradeCheckOptions options;
  options.sample = 300;
  options.conversions = 40;
  options.extra_moves = 4;
  const RetrogradeCheck r =
      check_player_against_retrograde(s, SolutionPlayerFactory(s, true), options);
  EXPECT_EQ(r.won_kept, r.won_checked);
  EXPECT_EQ(r.win_dropped, 0);
  EXPECT_LT(r.converted, r.conversion_games);
}

}  // namespace
}  // namespace inchzero
