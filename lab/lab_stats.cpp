#include "lab/lab_stats.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace inchzero::lab {
namespace {

double log_choose(int n, int k) {
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
}

}  // namespace

double fisher_exact_two_sided(int a, int b, int c, int d) {
  const int row1 = a + b, row2 = c + d, col1 = a + c, n = a + b + c + d;
  if (n == 0) return 1;
  // The probability of the table whose top-left cell is x, margins fixed.
  auto log_p = [&](int x) {
    return log_choose(row1, x) + log_choose(row2, col1 - x) - log_choose(n, col1);
  };
  const double observed = log_p(a);
  double p = 0;
  // A relative tolerance, so tables as probable as the observed one count
  // although rounding makes them differ in the last bits (R does the same).
  const double tolerance = 1e-7;
  for (int x = std::max(0, col1 - row2); x <= std::min(row1, col1); ++x) {
    const double lp = log_p(x);
    if (lp <= observed + std::log1p(tolerance)) p += std::exp(lp);
  }
  return std::min(1.0, p);
}

double binomial_upper_tail(int k, int n, double q) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  // The degenerate rates: every trial fails, or every one succeeds.
  if (q <= 0) return 0;
  if (q >= 1) return 1;
  // Each term in logs: the coefficients of a few thousand games overflow a
  // double, their products with q^j (1 - q)^(n - j) do not.
  double p = 0;
  for (int j = k; j <= n; ++j) {
    p += std::exp(log_choose(n, j) + j * std::log(q) + (n - j) * std::log1p(-q));
  }
  return std::min(1.0, p);
}

std::vector<double> holm_adjust(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t i, size_t j) { return p[i] < p[j]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (size_t rank = 0; rank < m; ++rank) {
    const size_t i = order[rank];
    running = std::max(running, std::min(1.0, static_cast<double>(m - rank) * p[i]));
    adjusted[i] = running;
  }
  return adjusted;
}

double normal_quantile(double q) {
  // Bisection on the normal CDF (0.5 · erfc(−z/√2)): exact to double
  // precision in well under a microsecond, and no table to get wrong.
  double lo = -40, hi = 40;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (0.5 * std::erfc(-mid / std::sqrt(2.0)) < q ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

int games_per_arm_for_power(double p1, double p2, double alpha, double power) {
  if (p1 == p2) return -1;
  const double z_alpha = normal_quantile(1 - alpha / 2), z_beta = normal_quantile(power);
  const double mean = (p1 + p2) / 2;
  const double root = z_alpha * std::sqrt(2 * mean * (1 - mean)) +
                      z_beta * std::sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  const double delta = std::abs(p1 - p2);
  const double n = root * root / (delta * delta);
  // Fleiss's continuity correction (Casagrande, Pike & Smith 1978) brings the
  // approximation close to what Fisher's exact test needs; without it the
  // extreme rates of this lab (0 of n against n of n) would be promised a
  // verdict from 2 games per arm, where Fisher's test cannot give one.
  const double corrected = n / 4 * std::pow(1 + std::sqrt(1 + 4 / (n * delta)), 2);
  return static_cast<int>(std::ceil(corrected - 1e-9));
}

std::vector<FixVerdict> fix_verdicts(const BuilderRecord& baseline,
                                     const std::vector<BuilderRecord>& fixes, double alpha,
                                     const std::string& side) {
  std::vector<FixVerdict> verdicts;
  std::vector<double> ps;
  for (const BuilderRecord& fix : fixes) {
    FixVerdict v;
    v.fix = fix;
    // Rows: the fix, the baseline; columns: builder lost, builder did not
    // lose (a builder win is the fix failing as much as a draw).
    v.p = fisher_exact_two_sided(fix.losses, fix.wins + fix.draws, baseline.losses,
                                 baseline.wins + baseline.draws);
    v.better = fix.loss_rate() > baseline.loss_rate();
    v.games_needed = games_per_arm_for_power(baseline.loss_rate(), fix.loss_rate(),
                                             alpha / std::max<size_t>(1, fixes.size()));
    ps.push_back(v.p);
    verdicts.push_back(v);
  }
  const std::vector<double> adjusted = holm_adjust(ps);
  for (size_t i = 0; i < verdicts.size(); ++i) {
    FixVerdict& v = verdicts[i];
    v.p_holm = adjusted[i];
    v.shown = v.p_holm < alpha;
    const std::string numbers = fmt::format(
        "{} loses {} of {} vs {} of {} under `{}`; Fisher p = {:.3g}, Holm-adjusted {:.3g}", side,
        v.fix.losses, v.fix.games(), baseline.losses, baseline.games(), baseline.rule_set, v.p,
        v.p_holm);
    if (v.shown) {
      v.text = fmt::format("shown: the {} loses {} often than under `{}` ({})", side,
                           v.better ? "more" : "less", baseline.rule_set, numbers);
    } else if (v.games_needed < 0) {
      v.text = fmt::format("not shown: no difference observed ({})", numbers);
    } else {
      v.text = fmt::format(
          "not shown ({}); showing a difference this large would take about {} games per arm "
          "(80 % power, two-sided level {:.3g})",
          numbers, v.games_needed, alpha / std::max<size_t>(1, fixes.size()));
    }
  }
  return verdicts;
}

}  // namespace inchzero::lab
