// Ratings from games by maximum likelihood, in the manner of BayesElo and
// Ordo: a Bradley–Terry model with draws (Davidson 1970) and a first-move
// advantage, fitted over all games at once, so every result informs every
// rating through the players in between.
//
// Model. Player i has strength θ_i (natural-log units); the player who moves
// first gets θ + α. With a = e^(θ_first + α), b = e^(θ_second) and
// d = ν·sqrt(a·b):
//     P(first wins) = a / (a + b + d),  P(draw) = d / (a + b + d),
//     P(second wins) = b / (a + b + d).
// Elo = θ · 400 / ln 10 (without draws and advantage, a 400-point gap is
// 10 : 1 odds, as in Elo's logistic scale). One player is the anchor at 0.
//
// Prior. A player who won or lost every game has no finite maximum. Each
// pair of players that met gets `prior_games` virtual games scored ½ each:
// half a win and half a loss with each colour (BayesElo adds virtual
// *draws*; with ν fitted jointly they are the only draws of a ladder of
// sweeps, and the fit runs off to infinite ν and ratings, as it did on a
// gauntlet of 4-0 results). And η = ln ν has a weak normal prior
// (mean 0, standard deviation `draw_prior_sd`), so a ladder with no draws
// at all still has a finite ν. Both keep every estimate finite and pull
// ratings built on few games toward each other.
//
// Intervals are ±1.96 standard errors from the inverse observed information
// (the Hessian of the negative log-posterior at the optimum), for the
// difference to the anchor.
#pragma once

#include <string>
#include <vector>

namespace inchzero {

// Games between two players, by colour: `first` moved first in all of them.
struct PairResults {
  int first = 0, second = 0;  // player indices
  int first_wins = 0, draws = 0, second_wins = 0;
};

struct LadderFitOptions {
  int anchor = 0;              // this player's rating is 0
  double prior_games = 1.0;    // virtual games per pair that met, each ½ a win and ½ a loss
  double draw_prior_sd = 2.0;  // standard deviation of the normal prior on ln ν (0 = none)
  bool fit_advantage = true;   // fit α (else α = 0)
};

struct LadderFit {
  std::vector<double> elo;                // per player, anchor = 0
  std::vector<double> elo_low, elo_high;  // 95 % interval
  double advantage_elo = 0;               // α in Elo (the first mover's edge)
  double draw_nu = 0;         // ν: the draw propensity (P(draw) = ν/(2+ν) between equals)
  int iterations = 0;         // Newton steps taken
  double log_likelihood = 0;  // of the real games (prior excluded)
};

// Fit ratings for `players` players. Throws GameError when the anchor is out
// of range or a player is not connected to the anchor through games.
LadderFit fit_ladder(int players, const std::vector<PairResults>& results,
                     const LadderFitOptions& options = {});

// Elo per natural-log unit of strength: 400 / ln 10.
constexpr double kEloPerNat = 173.71779276130073;

}  // namespace inchzero
