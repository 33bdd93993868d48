// Aggregate lab metrics on a hand-made set of ten games.
#include "lab/lab_metrics.h"

#include <gtest/gtest.h>

namespace inchzero::lab {
namespace {

// Ten games: Red wins 5, Blue 2, 3 draws (2 capped, 1 repetition); lengths
// 10, 20, …, 100; first moves alternate "d4" / "e5".
std::vector<GameMetrics> ten_games() {
  const int winners[10] = {0, 0, 0, 1, kNoPlayer, kNoPlayer, kNoPlayer, 0, 1, 0};
  const char* reasons[10] = {"target", "target",     "target", "target", "cap",
                             "cap",    "repetition", "target", "target", "target"};
  std::vector<GameMetrics> games(10);
  for (int i = 0; i < 10; ++i) {
    GameMetrics& g = games[i];
    g.winner = winners[i];
    g.end_reason = parse_end_reason(reasons[i]);
    g.plies = 10 * (i + 1);
    g.target_reached = g.end_reason == EndReason::kTarget;
    g.capturing_plies = i;  // 0..9: mean 4.5
    g.rescues = i % 2;      // mean 0.5
    g.positions = 10;
    g.wall_positions = i < 2 ? 10 : 0;  // 20 of 100 positions
    g.stocks_out_ply = i < 4 ? 40 : -1;
    g.uncapturable_ply[1] = i < 2 ? 3 : -1;
    g.first_move = i % 2 ? "e5" : "d4";
  }
  return games;
}

TEST(LabMetrics, OutcomeRatesBalanceAndWilson) {
  const RuleSetMetrics m = summarize_games(ten_games());
  EXPECT_EQ(m.games, 10);
  EXPECT_EQ(m.first_wins.count, 5);
  EXPECT_EQ(m.second_wins.count, 2);
  EXPECT_EQ(m.draws.count, 3);
  EXPECT_NEAR(m.balance, 1.0 - (0.5 - 0.2), 1e-12);
  // Wilson 95 % for 3/10, worked by hand: [0.1078, 0.6032].
  EXPECT_NEAR(m.draws.interval().low, 0.1078, 5e-4);
  EXPECT_NEAR(m.draws.interval().high, 0.6032, 5e-4);
  EXPECT_EQ(m.draw_causes.at("cap"), 2);
  EXPECT_EQ(m.draw_causes.at("repetition"), 1);
  EXPECT_EQ(m.capped.count, 2);
  EXPECT_EQ(m.no_target.count, 3);
}

TEST(LabMetrics, LengthsSharesAndOpenings) {
  const RuleSetMetrics m = summarize_games(ten_games());
  EXPECT_EQ(m.length_median, 50);  // 5th of 10 by nearest rank
  EXPECT_EQ(m.length_p95, 100);    // ceil(9.5) = 10th
  EXPECT_DOUBLE_EQ(m.length_mean, 55);
  EXPECT_DOUBLE_EQ(m.captures_per_game, 4.5);
  EXPECT_DOUBLE_EQ(m.rescues_per_game, 0.5);
  EXPECT_DOUBLE_EQ(m.wall_share, 0.2);
  EXPECT_EQ(m.stocks_out.count, 4);
  EXPECT_DOUBLE_EQ(m.stocks_out_ply, 40);
  EXPECT_EQ(m.uncapturable_games.count, 2);
  EXPECT_NEAR(m.opening_entropy_bits, 1.0, 1e-12);  // two openings, equally often
  EXPECT_NEAR(entropy_bits({"a", "a", "a", "a"}), 0.0, 1e-12);
  EXPECT_NEAR(entropy_bits({"a", "b", "c", "d"}), 2.0, 1e-12);
}

TEST(LabMetrics, NoGamesGiveEmptyRates) {
  const RuleSetMetrics m = summarize_games({});
  EXPECT_EQ(m.draws.n, 0);
  EXPECT_EQ(m.draws.interval().low, 0.0);
  EXPECT_EQ(m.draws.interval().high, 1.0);
}

// A builder game ending at ply `plies` by `reason` with `scores`; Red's
// proven fortress stands from `since` (-1: none), and the target is out of
// Blue's reach without it when `needed`.
BuilderGame builder_game(int winner, const std::string& reason, int plies, int since,
                         bool needed = true, int red_score = 5, int blue_score = 5) {
  BuilderGame g;
  g.builder = 0;
  g.metrics.winner = winner;
  g.metrics.end_reason = parse_end_reason(reason);
  g.metrics.plies = plies;
  g.metrics.fortress_recorded = true;
  g.metrics.fortress_since[0] = since;
  g.metrics.fortress_needed[0] = since >= 0 && needed;
  g.metrics.scores[0] = red_score;
  g.metrics.scores[1] = blue_score;
  return g;
}

TEST(LabMetrics, BuilderDrawsAreFortressOrClock) {
  const int n = 60;
  // Capped behind a proven fortress that stood for 900 plies.
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "cap", 1200, 300), n),
            BuilderEnd::kFortress);
  // The same at the no-capture limit: the formation held the draw.
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "no_capture_limit", 200, 100), n),
            BuilderEnd::kFortress);
  // Captures elsewhere do not matter: the proof says what can never fall
  // (issue 50: five `original` draws were called clock for them).
  BuilderGame busy = builder_game(kNoPlayer, "cap", 1200, 11);
  busy.metrics.final_no_capture_run = 3;
  EXPECT_EQ(classify_builder_game(busy, n), BuilderEnd::kFortress);
  // Capped with a fortress standing for only 30 plies: the clock, not a fortress.
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "cap", 1200, 1170), n),
            BuilderEnd::kClock);
  // Proven, but the opponent could have reached the target elsewhere: the
  // formation did not hold the draw.
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "cap", 1200, 300, false), n),
            BuilderEnd::kClock);
  // A game kept before proofs were recorded is never a fortress draw.
  BuilderGame old = builder_game(kNoPlayer, "cap", 1200, 300);
  old.metrics.fortress_recorded = false;
  EXPECT_EQ(classify_builder_game(old, n), BuilderEnd::kClock);
  // No formation; the no-capture limit at 0–0.
  EXPECT_EQ(
      classify_builder_game(builder_game(kNoPlayer, "no_capture_limit", 60, -1, true, 0, 0), n),
      BuilderEnd::kClock);
  // Stalemate at 0–0 is the clock too; at 5–5 it is another draw.
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "stalemate", 40, -1, true, 0, 0), n),
            BuilderEnd::kClock);
  EXPECT_EQ(classify_builder_game(builder_game(kNoPlayer, "stalemate", 40, -1), n),
            BuilderEnd::kOtherDraw);
  // Decided games are not draws, whatever stood.
  EXPECT_EQ(classify_builder_game(builder_game(0, "cap", 1200, 300), n), BuilderEnd::kDecided);
  const BuilderDraws d = count_builder_draws(
      {builder_game(kNoPlayer, "cap", 1200, 300), builder_game(kNoPlayer, "cap", 1200, -1),
       builder_game(1, "target", 300, -1), builder_game(kNoPlayer, "repetition", 90, -1)},
      n);
  EXPECT_EQ(d.fortress, 1);
  EXPECT_EQ(d.clock, 1);
  EXPECT_EQ(d.other, 1);
  // The builder's point of view.
  BuilderGame lost = builder_game(1, "target", 300, -1);
  EXPECT_EQ(lost.result(), -1);
  lost.builder = 1;
  EXPECT_EQ(lost.result(), 1);
}

}  // namespace
}  // namespace inchzero::lab
