// Evaluation of each new network of a run: matches against the previous
// network (the Elo chain) and against fixed cheap baselines (random, greedy,
// occasionally UCT), with a small number of games each.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/solver/solution.h"
#include "model/backend.h"
#include "selfplay/search_config.h"
#include "train/run_config.h"
#include "train/run_folder.h"

namespace inchzero {

struct EvaluationInput {
  std::shared_ptr<const Game> game;
  const RunFolder* folder = nullptr;
  const EvaluationConfig* config = nullptr;
  SearchConfig search;         // the network players' search (no noise is used)
  InferenceOptions inference;  // how the network players run their networks
  uint64_t seed = 0;           // the run seed
  int iteration = 0;           // the network to evaluate: networks/net-<iteration>.pt
  double previous_cumulative_elo = 0;
  const std::atomic<bool>* stop = nullptr;
  std::string label;   // progress label prefix, e.g. "[it 3]"
  bool quiet = false;  // no progress bars
};

// Play the matches of one iteration. Returns the "eval" and "elo" parts of
// the iteration's metrics record:
//   {"eval": {"previous": M, "<baseline spec>": M, ..., "occasional": M},
//    "elo": {"vs_previous": x, "cumulative": y}}
// with M = {player, games, wins, draws, losses, score, score_95, elo, elo_95,
// end_reasons, seconds}, and, when evaluation.solution is set,
//   "solution": SolutionCheck::to_json() + {"seconds"}. The full match reports go to
// evaluations/iter-<iteration>.json. Returns a null json when `stop` ended it.
nlohmann::json evaluate_iteration(const EvaluationInput& input);

// The solution file `path` (evaluation.solution), read once per process and
// then shared; throws GameError when it is unreadable, damaged, or not a
// solution of `game` under its rules.
std::shared_ptr<const solver::Solution> load_evaluation_solution(const std::string& path,
                                                                 const Game& game);

// The Elo estimate of a score over n games, kept finite: a clean sweep is
// counted as n − ½ of n (so cumulative sums stay meaningful).
double bounded_elo(double score, int games);

}  // namespace inchzero
