// The statistics behind the lab's verdict (issue 18, part 5): does a fix make
// the wall-builder lose more often than under the baseline rules? Each fix is
// a 2 × 2 table against the baseline — builder losses (the fix works) versus
// builder wins and draws (the fix fails: a builder that wins has not been
// beaten either) — tested with Fisher's exact test, the p values of all fixes
// corrected for multiple comparisons with Holm's step-down method. A verdict
// is stated only where the corrected p is below alpha; otherwise the report
// says "not shown" and how many games per arm would be needed to show the
// observed difference with 80 % power.
#pragma once

#include <string>
#include <vector>

namespace inchzero::lab {

// Two-sided p of Fisher's exact test for the table [[a, b], [c, d]] (rows:
// arms, columns: outcome): the total probability, under fixed margins, of
// every table no more probable than the observed one. 1 for an empty table.
double fisher_exact_two_sided(int a, int b, int c, int d);

// P(X >= k) for X ~ Binomial(n, q), 0 <= q <= 1, summed exactly term by
// term: the one-sided p of the exact binomial test that more than a share q
// of n trials succeed, given k successes. 1 when k <= 0, 0 when k > n. The
// lab's "does not remove the wall" test (lab/verdict_file.h) asks with it
// whether the builder avoids defeat in more than half its games.
double binomial_upper_tail(int k, int n, double q = 0.5);

// Holm's step-down adjustment of `p` (same order as given; each adjusted p
// is at most 1 and at least its raw p).
std::vector<double> holm_adjust(const std::vector<double>& p);

// The z with P(Z <= z) = q for a standard normal Z, 0 < q < 1.
double normal_quantile(double q);

// Games per arm for a two-sided test at level `alpha` to detect rates `p1`
// against `p2` with probability `power` (normal approximation for two
// proportions with Fleiss's continuity correction; rounded up). -1 when
// p1 == p2: no number of games shows a difference that was not observed.
int games_per_arm_for_power(double p1, double p2, double alpha, double power = 0.8);

// The builder's results under one rule set, summed over the budgets.
struct BuilderRecord {
  std::string rule_set;
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double loss_rate() const { return games() > 0 ? static_cast<double>(losses) / games() : 0; }
};

struct FixVerdict {
  BuilderRecord fix;
  double p = 1, p_holm = 1;  // Fisher's two-sided p, Holm-adjusted over all fixes
  bool shown = false;        // p_holm < alpha
  bool better = false;       // the builder loses more often under the fix than the baseline
  // Games per arm to show the observed difference at 80 % power at level
  // alpha / (number of fixes) (Holm's first step); -1: no difference observed.
  int games_needed = -1;
  // One line: "shown: ..." or "not shown: ...".
  std::string text;
};

// The level of the lab's verdicts.
constexpr double kVerdictAlpha = 0.05;

// One verdict per fix, in the order given, each against `baseline`. The
// records are those of `side` ("builder", or a draw-seeker against the
// agent), the player the texts name.
std::vector<FixVerdict> fix_verdicts(const BuilderRecord& baseline,
                                     const std::vector<BuilderRecord>& fixes,
                                     double alpha = kVerdictAlpha,
                                     const std::string& side = "builder");

}  // namespace inchzero::lab
