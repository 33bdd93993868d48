// Aggregate lab metrics on a hand-made set of ten games.
#include "lab/lab_metrics.h"

#include <gtest/gtest.h>

namespace inchzero::lab {
namespace {

// Ten games: Red wins 5, Blue 2, 3 draws (2 capped, 1 repetition); lengths
// 10, 20, …, 100; first moves alternate "d4" / "e5".
std::vector<inchworm::GameMetrics> ten_games() {
  const int winners[10] = {0, 0, 0, 1, kNoPlayer, kNoPlayer, kNoPlayer, 0, 1, 0};
  const char* reasons[10] = {"target", "target",     "target", "target", "cap",
                             "cap",    "repetition", "target", "target", "target"};
  std::vector<inchworm::GameMetrics> games(10);
  for (int i = 0; i < 10; ++i) {
    inchworm::GameMetrics& g = games[i];
    g.winner = winners[i];
    g.end_reason = reasons[i];
    g.plies = 10 * (i + 1);
    g.target_reached = g.end_reason == "target";
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

}  // namespace
}  // namespace inchzero::lab
