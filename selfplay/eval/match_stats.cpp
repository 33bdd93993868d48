#include "selfplay/eval/match_stats.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace inchzero {

Interval wilson_interval(double score, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  const double z2n = z * z / n;
  const double center = (score + z2n / 2) / (1 + z2n);
  const double half = z / (1 + z2n) * std::sqrt(score * (1 - score) / n + z2n / (4.0 * n));
  // Clamp rounding noise only; the interval is inside [0, 1] mathematically.
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

double elo_from_score(double score) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (score <= 0) return -kInf;
  if (score >= 1) return kInf;
  return 400.0 * std::log10(score / (1.0 - score));
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

MatchSummary summarize_match(int wins, int draws, int losses) {
  MatchSummary s;
  s.games = wins + draws + losses;
  if (s.games == 0) {
    s.score_interval = {0.0, 1.0};
    s.elo_interval = {elo_from_score(0.0), elo_from_score(1.0)};
    s.score = 0.5;
    return s;
  }
  s.score = (wins + 0.5 * draws) / s.games;
  s.score_interval = wilson_interval(s.score, s.games);
  s.elo = elo_from_score(s.score);
  // Elo is monotone in the score, so the interval maps through.
  s.elo_interval = {elo_from_score(s.score_interval.low), elo_from_score(s.score_interval.high)};
  return s;
}

}  // namespace inchzero
