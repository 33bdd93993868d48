// Statistics of a match between two players: the score with a 95 % interval
// and the Elo difference with its interval.
//
// Why Wilson: baselines are often beaten 100 % or 0 % of the time, where the
// normal (Wald) interval collapses to zero width and claims certainty; the
// Wilson score interval stays inside [0, 1] and keeps a sensible width there
// (e.g. 100/100 -> [0.963, 1]). Draws count as half a win; a match with draws
// has a smaller variance than the binomial one, so the interval is slightly
// conservative, never optimistic.
#pragma once

namespace inchzero {

struct Interval {
  double low = 0, high = 0;
};

// z of a two-sided 95 % normal interval.
constexpr double kZ95 = 1.959963984540054;

// Wilson score interval for a proportion `score` in [0, 1] observed over
// n >= 1 trials. For n == 0 returns [0, 1].
Interval wilson_interval(double score, int n, double z = kZ95);

// Elo difference that predicts the expected score `score` (logistic model,
// 400-point scale): 400 · log10(score / (1 − score)). +inf at 1, −inf at 0.
double elo_from_score(double score);

// The expected score of a player `elo` points stronger (the inverse).
double score_from_elo(double elo);

// Wins, draws, losses from one player's point of view, summarised.
struct MatchSummary {
  int games = 0;
  double score = 0;  // (W + D/2) / N
  Interval score_interval;
  double elo = 0;  // may be ±infinity after a clean sweep
  Interval elo_interval;
};
MatchSummary summarize_match(int wins, int draws, int losses);

}  // namespace inchzero
