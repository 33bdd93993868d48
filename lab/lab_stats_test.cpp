// The verdict's statistics against values computed elsewhere (R's
// fisher.test and p.adjust, textbook sample-size tables), and the verdict
// rule: too few games give "not shown", clearly different counts a verdict,
// and builder wins count as the fix failing.
#include "lab/lab_stats.h"

#include <gtest/gtest.h>

namespace inchzero::lab {
namespace {

TEST(LabStats, FisherExactMatchesPublishedValues) {
  // Fisher's tea-tasting table: R fisher.test gives p = 0.4857.
  EXPECT_NEAR(fisher_exact_two_sided(3, 1, 1, 3), 0.4857143, 1e-6);
  // Wikipedia's dieting example [[1, 9], [11, 3]]: two-sided p = 0.002759.
  EXPECT_NEAR(fisher_exact_two_sided(1, 9, 11, 3), 0.002759, 1e-6);
  // 4 of 4 against 0 of 4: 2 / C(8, 4) = 2/70.
  EXPECT_NEAR(fisher_exact_two_sided(4, 0, 0, 4), 2.0 / 70, 1e-12);
  EXPECT_NEAR(fisher_exact_two_sided(2, 2, 2, 2), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(fisher_exact_two_sided(0, 0, 0, 0), 1.0);
}

TEST(LabStats, HolmStepsDown) {
  // R: p.adjust(c(0.01, 0.04, 0.03), "holm") = 0.03 0.06 0.06.
  const std::vector<double> adjusted = holm_adjust({0.01, 0.04, 0.03});
  ASSERT_EQ(adjusted.size(), 3u);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-12);
  EXPECT_DOUBLE_EQ(holm_adjust({0.6, 0.7})[0], 1.0);
}

TEST(LabStats, PowerSampleSizeMatchesTheTextbook) {
  EXPECT_NEAR(normal_quantile(0.975), 1.959964, 1e-6);
  EXPECT_NEAR(normal_quantile(0.8), 0.841621, 1e-6);
  // 50 % against 25 %, two-sided 0.05, 80 % power: 58 per group without
  // the continuity correction, 66 with it (Fleiss's tables).
  EXPECT_EQ(games_per_arm_for_power(0.5, 0.25, 0.05), 66);
  EXPECT_EQ(games_per_arm_for_power(0.25, 0.5, 0.05), 66);
  // 0 % against 100 %: 4 per arm, the fewest with which Fisher's test can
  // reach 0.05 (p = 2/70 for 0 of 4 against 4 of 4; 1/3 for 2 and 2).
  EXPECT_EQ(games_per_arm_for_power(0.0, 1.0, 0.05), 4);
  EXPECT_GT(games_per_arm_for_power(0.5, 0.25, 0.01), 58);  // a stricter level needs more
  EXPECT_EQ(games_per_arm_for_power(0.3, 0.3, 0.05), -1);
}

TEST(LabStats, BinomialUpperTailMatchesHandComputedValues) {
  // 8 or more of 10 at 1/2: (C(10,8) + C(10,9) + C(10,10)) / 2^10 = 56/1024
  // (R: binom.test(8, 10, alternative = "greater") gives 0.05469).
  EXPECT_NEAR(binomial_upper_tail(8, 10), 56.0 / 1024, 1e-12);
  // 15 or more of 20: (15504 + 4845 + 1140 + 190 + 20 + 1) / 2^20.
  EXPECT_NEAR(binomial_upper_tail(15, 20), 21700.0 / 1048576, 1e-12);
  // All 16 of 16: 2^-16.
  EXPECT_NEAR(binomial_upper_tail(16, 16), 1.0 / 65536, 1e-15);
  // At q = 0.3, 3 or more of 5: 10·0.3³·0.7² + 5·0.3⁴·0.7 + 0.3⁵ = 0.16308.
  EXPECT_NEAR(binomial_upper_tail(3, 5, 0.3), 0.16308, 1e-12);
  // Half of 4 at 1/2: 11/16 (the middle counts: "at least", not "more").
  EXPECT_NEAR(binomial_upper_tail(2, 4), 11.0 / 16, 1e-12);
  EXPECT_DOUBLE_EQ(binomial_upper_tail(0, 10), 1.0);
  EXPECT_DOUBLE_EQ(binomial_upper_tail(11, 10), 0.0);
  EXPECT_DOUBLE_EQ(binomial_upper_tail(0, 0), 1.0);
  // 1200 or more of 2000 (exact big-integer sum / 2^2000 = 1.7525031e-19):
  // the coefficients overflow a double, the log terms do not.
  EXPECT_NEAR(binomial_upper_tail(1200, 2000) / 1.7525031034678226e-19, 1.0, 1e-6);
}

TEST(LabStats, TooFewGamesAreNotShown) {
  // The builder holds both games under the baseline and loses both under the
  // fix: the most extreme table two games allow, p = 1/3.
  const auto v = fix_verdicts({"original", 0, 2, 0}, {{"fix", 0, 0, 2}});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NEAR(v[0].p, 1.0 / 3, 1e-12);
  EXPECT_FALSE(v[0].shown);
  EXPECT_TRUE(v[0].better);
  EXPECT_GT(v[0].games_needed, 2);
  EXPECT_EQ(v[0].text.rfind("not shown", 0), 0u) << v[0].text;
  EXPECT_NE(v[0].text.find("games per arm"), std::string::npos) << v[0].text;
}

TEST(LabStats, ClearlyDifferentCountsAreShown) {
  const auto v = fix_verdicts({"original", 2, 18, 0}, {{"fix", 0, 2, 18}});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_LT(v[0].p_holm, 1e-6);
  EXPECT_TRUE(v[0].shown);
  EXPECT_TRUE(v[0].better);
  EXPECT_EQ(v[0].text.rfind("shown: the builder loses more often than under `original`", 0), 0u)
      << v[0].text;
}

TEST(LabStats, BuilderWinsCountAsTheFixFailing) {
  // The builder wins every game under the fix instead of drawing: it still
  // never loses, so the fix has not been shown to beat the wall.
  const auto v = fix_verdicts({"original", 0, 20, 0}, {{"fix", 20, 0, 0}});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_DOUBLE_EQ(v[0].p, 1.0);
  EXPECT_FALSE(v[0].shown);
  EXPECT_EQ(v[0].games_needed, -1);
  EXPECT_EQ(v[0].text.rfind("not shown: no difference observed", 0), 0u) << v[0].text;
}

TEST(LabStats, HolmCorrectionCanTakeAVerdictAway) {
  // 4 of 4 against 0 of 4 (p = 0.029) is shown alone, not among three fixes.
  EXPECT_TRUE(fix_verdicts({"original", 0, 4, 0}, {{"a", 0, 0, 4}})[0].shown);
  const auto v =
      fix_verdicts({"original", 0, 4, 0}, {{"a", 0, 0, 4}, {"b", 0, 4, 0}, {"c", 1, 3, 0}});
  EXPECT_NEAR(v[0].p_holm, 3 * 2.0 / 70, 1e-12);
  EXPECT_FALSE(v[0].shown);
}

}  // namespace
}  // namespace inchzero::lab
