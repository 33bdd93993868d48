#include "selfplay/eval/ladder_fit.h"

#include <Eigen/Dense>
#include <cmath>
#include <queue>

#include "core/game.h"

namespace inchzero {
namespace {

struct Counts {
  int first, second;
  double w, d, l;  // first wins, draws, second wins (fractional with the prior)
};

// The parameter vector: θ of every player but the anchor, then α (when
// fitted), then η = ln ν.
struct Layout {
  int players, anchor;
  bool advantage;
  int size() const { return players - 1 + (advantage ? 1 : 0) + 1; }
  int theta(int player) const {  // -1 for the anchor
    return player == anchor ? -1 : (player < anchor ? player : player - 1);
  }
  int alpha() const { return advantage ? players - 1 : -1; }
  int eta() const { return size() - 1; }
};

// Negative log-likelihood of `counts` at `x`, with gradient and Hessian
// when asked. Each group of games is a categorical draw over three outcomes
// whose features (∂ of the log-odds) are win1 = (1,0,0), win2 = (0,1,0),
// draw = (½,½,1) in (s1, s2, η): the Hessian of ln Z is their covariance.
double objective(const Layout& L, const std::vector<Counts>& counts, const Eigen::VectorXd& x,
                 Eigen::VectorXd* grad, Eigen::MatrixXd* hess) {
  if (grad) grad->setZero(L.size());
  if (hess) hess->setZero(L.size(), L.size());
  double f = 0;
  auto value = [&](int index) { return index < 0 ? 0.0 : x[index]; };
  for (const Counts& c : counts) {
    const int i1 = L.theta(c.first), i2 = L.theta(c.second);
    const double s1 = value(i1) + value(L.alpha()), s2 = value(i2), eta = x[L.eta()];
    const double zd = eta + 0.5 * (s1 + s2);
    const double m = std::max({s1, s2, zd});
    const double e1 = std::exp(s1 - m), e2 = std::exp(s2 - m), ed = std::exp(zd - m);
    const double z = e1 + e2 + ed, log_z = m + std::log(z);
    const double p1 = e1 / z, p2 = e2 / z, pd = ed / z;
    const double n = c.w + c.d + c.l;
    f -= c.w * (s1 - log_z) + c.l * (s2 - log_z) + c.d * (zd - log_z);
    // d(-logL)/d(s1, s2, eta)
    const Eigen::Vector3d g(n * (p1 + 0.5 * pd) - c.w - 0.5 * c.d,
                            n * (p2 + 0.5 * pd) - c.l - 0.5 * c.d, n * pd - c.d);
    // the map from (s1, s2, eta) to parameters
    std::vector<std::pair<int, int>> jac;  // (feature, parameter)
    if (i1 >= 0) jac.push_back({0, i1});
    if (L.alpha() >= 0) jac.push_back({0, L.alpha()});
    if (i2 >= 0) jac.push_back({1, i2});
    jac.push_back({2, L.eta()});
    if (grad)
      for (auto [feature, param] : jac) (*grad)[param] += g[feature];
    if (hess) {
      const Eigen::Vector3d mean(p1 + 0.5 * pd, p2 + 0.5 * pd, pd);
      const Eigen::Vector3d v(0.5, 0.5, 1.0);
      Eigen::Matrix3d second = Eigen::Matrix3d::Zero();
      second(0, 0) = p1;
      second(1, 1) = p2;
      second += pd * v * v.transpose();
      const Eigen::Matrix3d cov = n * (second - mean * mean.transpose());
      for (auto [fa, pa] : jac)
        for (auto [fb, pb] : jac) (*hess)(pa, pb) += cov(fa, fb);
    }
  }
  return f;
}

// The negative log-posterior: `objective` over the games and virtual games,
// plus the normal prior on η (when its standard deviation is positive).
double posterior(const Layout& L, const std::vector<Counts>& counts, double draw_prior_sd,
                 const Eigen::VectorXd& x, Eigen::VectorXd* grad, Eigen::MatrixXd* hess) {
  double f = objective(L, counts, x, grad, hess);
  if (draw_prior_sd > 0) {
    const double precision = 1.0 / (draw_prior_sd * draw_prior_sd), eta = x[L.eta()];
    f += 0.5 * precision * eta * eta;
    if (grad) (*grad)[L.eta()] += precision * eta;
    if (hess) (*hess)(L.eta(), L.eta()) += precision;
  }
  return f;
}

}  // namespace

LadderFit fit_ladder(int players, const std::vector<PairResults>& results,
                     const LadderFitOptions& options) {
  if (players < 2) throw GameError("a ladder needs at least two players");
  if (options.anchor < 0 || options.anchor >= players)
    throw GameError("ladder anchor " + std::to_string(options.anchor) + " is not a player");
  // 1. Every player must be connected to the anchor through games.
  std::vector<std::vector<int>> met(players);
  for (const PairResults& r : results) {
    if (r.first < 0 || r.first >= players || r.second < 0 || r.second >= players ||
        r.first == r.second)
      throw GameError("ladder results name a player that is not in the ladder");
    if (r.first_wins + r.draws + r.second_wins == 0) continue;
    met[r.first].push_back(r.second);
    met[r.second].push_back(r.first);
  }
  std::vector<char> reached(players, 0);
  std::queue<int> queue;
  queue.push(options.anchor);
  reached[options.anchor] = 1;
  while (!queue.empty()) {
    const int p = queue.front();
    queue.pop();
    for (int q : met[p])
      if (!reached[q]) reached[q] = 1, queue.push(q);
  }
  for (int p = 0; p < players; ++p)
    if (!reached[p])
      throw GameError("player " + std::to_string(p) +
                      " has no games connecting it to the anchor: no rating can be fitted");

  // 2. The games, and the prior's virtual games (half with each colour,
  // each half a win and half a loss).
  std::vector<Counts> real, with_prior;
  std::vector<std::vector<char>> pair_met(players, std::vector<char>(players, 0));
  for (const PairResults& r : results) {
    real.push_back(
        {r.first, r.second, double(r.first_wins), double(r.draws), double(r.second_wins)});
    if (r.first_wins + r.draws + r.second_wins > 0)
      pair_met[std::min(r.first, r.second)][std::max(r.first, r.second)] = 1;
  }
  with_prior = real;
  for (int a = 0; a < players; ++a)
    for (int b = a + 1; b < players; ++b)
      if (pair_met[a][b] && options.prior_games > 0) {
        with_prior.push_back({a, b, options.prior_games / 4, 0, options.prior_games / 4});
        with_prior.push_back({b, a, options.prior_games / 4, 0, options.prior_games / 4});
      }

  // 3. Newton's method with step halving on the negative log-posterior.
  const Layout layout{players, options.anchor, options.fit_advantage};
  Eigen::VectorXd x = Eigen::VectorXd::Zero(layout.size()), grad;
  Eigen::MatrixXd hess;
  double f = posterior(layout, with_prior, options.draw_prior_sd, x, &grad, &hess);
  LadderFit fit;
  for (; fit.iterations < 200; ++fit.iterations) {
    const Eigen::VectorXd step = hess.ldlt().solve(grad);
    double scale = 1.0, f_new = f;
    Eigen::VectorXd x_new = x;
    for (int halvings = 0; halvings < 40; ++halvings, scale /= 2) {
      x_new = x - scale * step;
      f_new = posterior(layout, with_prior, options.draw_prior_sd, x_new, nullptr, nullptr);
      if (std::isfinite(f_new) && f_new <= f) break;
    }
    const bool converged = std::abs(f - f_new) < 1e-12 * std::max(1.0, std::abs(f)) &&
                           (scale * step).cwiseAbs().maxCoeff() < 1e-9;
    x = x_new;
    f = posterior(layout, with_prior, options.draw_prior_sd, x, &grad, &hess);
    if (converged || grad.cwiseAbs().maxCoeff() < 1e-10) break;
  }

  // 4. Ratings and intervals from the inverse Hessian.
  const Eigen::MatrixXd cov =
      hess.ldlt().solve(Eigen::MatrixXd::Identity(layout.size(), layout.size()));
  for (int p = 0; p < players; ++p) {
    const int k = layout.theta(p);
    const double theta = k < 0 ? 0.0 : x[k];
    const double se = k < 0 ? 0.0 : std::sqrt(std::max(0.0, cov(k, k)));
    fit.elo.push_back(theta * kEloPerNat);
    fit.elo_low.push_back((theta - 1.959963984540054 * se) * kEloPerNat);
    fit.elo_high.push_back((theta + 1.959963984540054 * se) * kEloPerNat);
  }
  fit.advantage_elo = layout.alpha() >= 0 ? x[layout.alpha()] * kEloPerNat : 0.0;
  fit.draw_nu = std::exp(x[layout.eta()]);
  fit.log_likelihood = -objective(layout, real, x, nullptr, nullptr);
  return fit;
}

}  // namespace inchzero
