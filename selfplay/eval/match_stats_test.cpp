#include "selfplay/eval/match_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace inchzero {
namespace {

// Reference values worked by hand from Wilson (1927):
// centre = (p + z²/2n) / (1 + z²/n), half = z/(1 + z²/n) · sqrt(p(1−p)/n + z²/4n²).
TEST(MatchStats, WilsonIntervalOfSixtyInAHundred) {
  Interval i = wilson_interval(0.60, 100);
  EXPECT_NEAR(i.low, 0.5020, 5e-4);
  EXPECT_NEAR(i.high, 0.6906, 5e-4);
}

TEST(MatchStats, WilsonIntervalStaysInsideAndHasWidthAtTheEnds) {
  Interval all = wilson_interval(1.0, 100);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  // z²/(n + z²) = 3.8415 / 103.8415 = 0.03699.
  EXPECT_NEAR(all.low, 1.0 - 0.03699, 2e-4);
  Interval none = wilson_interval(0.0, 100);
  EXPECT_NEAR(none.low, 0.0, 1e-12);
  EXPECT_NEAR(none.high, 0.03699, 2e-4);
}

TEST(MatchStats, WilsonIntervalNarrowsWithMoreGames) {
  Interval small = wilson_interval(0.5, 10), large = wilson_interval(0.5, 1000);
  EXPECT_LT(large.high - large.low, small.high - small.low);
  EXPECT_NEAR((large.low + large.high) / 2, 0.5, 1e-12);  // symmetric at one half
}

TEST(MatchStats, EloFromScore) {
  EXPECT_NEAR(elo_from_score(0.75), 190.8485, 1e-3);  // 400·log10(3)
  EXPECT_NEAR(elo_from_score(0.25), -190.8485, 1e-3);
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
  EXPECT_TRUE(std::isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
  for (double elo : {-400.0, -50.0, 0.0, 120.0, 700.0}) {
    EXPECT_NEAR(elo_from_score(score_from_elo(elo)), elo, 1e-9);
  }
}

TEST(MatchStats, SummaryCountsDrawsAsHalf) {
  MatchSummary s = summarize_match(50, 20, 30);  // (50 + 10) / 100
  EXPECT_EQ(s.games, 100);
  EXPECT_DOUBLE_EQ(s.score, 0.60);
  EXPECT_NEAR(s.score_interval.low, 0.5020, 5e-4);
  EXPECT_NEAR(s.elo, 400 * std::log10(1.5), 1e-9);
  EXPECT_NEAR(s.elo_interval.low, elo_from_score(s.score_interval.low), 1e-9);
  EXPECT_NEAR(s.elo_interval.high, elo_from_score(s.score_interval.high), 1e-9);
  EXPECT_LT(s.elo_interval.low, s.elo);
  EXPECT_GT(s.elo_interval.high, s.elo);
}

TEST(MatchStats, CleanSweepHasAFiniteLowerElo) {
  MatchSummary s = summarize_match(100, 0, 0);
  EXPECT_TRUE(std::isinf(s.elo));
  EXPECT_TRUE(std::isfinite(s.elo_interval.low));
  EXPECT_GT(s.elo_interval.low, 500);  // 0.963 -> about +568
}

}  // namespace
}  // namespace inchzero
