// The ladder's rating fit: exact on cases with a closed form, and recovering
// known ratings from games simulated under its own model.
#include "selfplay/eval/ladder_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/game.h"

namespace inchzero {
namespace {

// Two players, no advantage, no prior: the maximum-likelihood gap is
// ln(W / L) (Davidson's model), i.e. 400·log10(W / L) Elo whatever the draws,
// and ν = 2·D·cosh(u) / (W + L) with tanh(u) = (W − L) / (W + L).
TEST(LadderFit, TwoPlayersMatchTheClosedForm) {
  LadderFitOptions options;
  options.prior_games = 0;
  options.draw_prior_sd = 0;
  options.fit_advantage = false;
  // 30 wins, 20 draws, 10 losses for player 1, half of them moving first.
  const std::vector<PairResults> games = {{1, 0, 15, 10, 5}, {0, 1, 5, 10, 15}};
  const LadderFit fit = fit_ladder(2, games, options);
  EXPECT_NEAR(fit.elo[0], 0.0, 1e-9);
  EXPECT_NEAR(fit.elo[1], 400 * std::log10(3.0), 1e-4);
  const double u = std::atanh(20.0 / 40.0);
  EXPECT_NEAR(fit.draw_nu, 2 * 20 * std::cosh(u) / 40.0, 1e-6);
  EXPECT_LT(fit.elo_low[1], fit.elo[1]);
  EXPECT_GT(fit.elo_high[1], fit.elo[1]);
}

// Games drawn from the model with known strengths: the fit finds them.
TEST(LadderFit, RecoversKnownRatingsFromSimulatedGames) {
  const std::vector<double> truth = {0, 150, 300, 450, 700};  // Elo
  const double advantage = 40, nu = 0.6;
  std::mt19937_64 rng(2024);
  std::vector<PairResults> games;
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 5; ++b) {
      if (a == b) continue;
      PairResults r{a, b, 0, 0, 0};
      const double pa = std::exp((truth[a] + advantage) / kEloPerNat);
      const double pb = std::exp(truth[b] / kEloPerNat), pd = nu * std::sqrt(pa * pb);
      std::uniform_real_distribution<double> u(0, pa + pb + pd);
      for (int g = 0; g < 300; ++g) {
        const double x = u(rng);
        (x < pa ? r.first_wins : x < pa + pd ? r.draws : r.second_wins)++;
      }
      games.push_back(r);
    }
  LadderFitOptions options;
  options.prior_games = 0.5;
  const LadderFit fit = fit_ladder(5, games, options);
  for (int p = 1; p < 5; ++p) {
    EXPECT_LE(fit.elo_low[p], truth[p]) << p;
    EXPECT_GE(fit.elo_high[p], truth[p]) << p;
    EXPECT_LT(fit.elo_high[p] - fit.elo_low[p], 120) << "interval too wide to mean anything";
  }
  EXPECT_NEAR(fit.advantage_elo, advantage, 20);
  EXPECT_NEAR(fit.draw_nu, nu, 0.1);
}

// Only differences are identified: another anchor moves every rating by
// the same amount.
TEST(LadderFit, TheAnchorOnlyShiftsRatings) {
  const std::vector<PairResults> games = {
      {0, 1, 3, 2, 5}, {1, 0, 6, 1, 3}, {1, 2, 4, 4, 2}, {2, 1, 2, 3, 5}, {0, 2, 1, 1, 8}};
  LadderFitOptions a, b;
  b.anchor = 2;
  const LadderFit fa = fit_ladder(3, games, a), fb = fit_ladder(3, games, b);
  for (int p = 0; p < 3; ++p) EXPECT_NEAR(fa.elo[p] - fa.elo[2], fb.elo[p], 1e-6);
}

// A perfect score still has a finite rating thanks to the prior; a player
// no game connects to the anchor is refused.
TEST(LadderFit, PerfectScoresAreFiniteAndStrangersRefused) {
  const LadderFit fit = fit_ladder(2, {{0, 1, 0, 0, 20}, {1, 0, 20, 0, 0}});
  EXPECT_TRUE(std::isfinite(fit.elo[1]));
  EXPECT_GT(fit.elo[1], 300);
  EXPECT_THROW(fit_ladder(3, {{0, 1, 1, 1, 1}}), GameError);
  LadderFitOptions far_anchor;
  far_anchor.anchor = 5;
  EXPECT_THROW(fit_ladder(2, {{0, 1, 1, 1, 1}}, far_anchor), GameError);
}

// A gauntlet of sweeps without a single draw (a strong network against
// weaker rungs, 4-0 each) once sent ν and the ratings off to infinity
// (-4250 Elo with ±24,000,000 intervals). With the prior they stay where
// the scores put them: 4½ of 5 with the virtual game, 9 : 1 odds, about
// 380 Elo, with an interval that says how little four games show.
TEST(LadderFit, AGauntletOfSweepsWithoutDrawsStaysFinite) {
  const std::vector<PairResults> games = {
      {0, 1, 2, 0, 0}, {1, 0, 0, 0, 2}, {0, 2, 2, 0, 0}, {2, 0, 0, 0, 2}};
  const LadderFit fit = fit_ladder(3, games);
  for (int p = 1; p < 3; ++p) {
    EXPECT_LT(fit.elo[p], -150) << p;
    EXPECT_GT(fit.elo[p], -800) << p;
    EXPECT_LT(fit.elo_low[p], fit.elo[p]) << p;
    EXPECT_GT(fit.elo_low[p], -3000) << p;
    EXPECT_LT(fit.elo_high[p], 0 + 500) << p;
  }
  EXPECT_LT(fit.draw_nu, 1.0);
  EXPECT_GT(fit.draw_nu, 1e-4);
}

}  // namespace
}  // namespace inchzero
