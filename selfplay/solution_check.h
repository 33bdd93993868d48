// A network measured against a solved board (core/solver, docs/solved-boards.md),
// the figures AlphaZero.jl reports for Connect Four against a perfect solver:
//  * on the contested positions (where some legal decision loses value; all,
//    or a seeded sample), how often the raw policy's most likely decision is
//    not optimal and how often a search of N visits chooses one that is not;
//  * on all solved positions (all, or a seeded sample of the same size), the
//    mean absolute error of the network's value (win - loss) against the
//    exact value (-1, 0, 1).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/solver/solution.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/search_config.h"

namespace inchzero {

struct SolutionCheckOptions {
  int64_t sample = 2000;  // positions of each kind checked, drawn with `seed` (0 = all)
  int visits = 32;        // search visits per position (0 = raw policy and value only)
  uint64_t seed = 1;
  SearchConfig search;  // the search's settings (no root noise, temperature 0)
};

struct SolutionCheck {
  int64_t solved_positions = 0;  // in the solution
  int64_t solved_contested = 0;  // of them contested
  int64_t positions = 0;         // whose value was checked
  int64_t contested = 0;         // whose decisions were checked
  int64_t policy_errors = 0;     // raw policy argmax not optimal
  int64_t search_errors = 0;     // searched choice not optimal (when visits > 0)
  double value_error_sum = 0;
  int visits = 0;
  uint64_t seed = 0;

  double policy_error() const { return share(policy_errors, contested); }
  double search_error() const { return share(search_errors, contested); }
  double mean_value_error() const { return positions ? value_error_sum / positions : 0; }
  // {"positions", "contested", "policy_error", "search_error" (null without
  // search), "value_error", "visits", "seed", "solved_positions",
  // "solved_contested"}.
  nlohmann::json to_json() const;

 private:
  static double share(int64_t n, int64_t of) { return of ? static_cast<double>(n) / of : 0; }
};

// Check `backend` (a network for `game`, `encoder`'s planes) against
// `solution`, which must have been solved for `game` (the caller checks
// with check_solution_matches). `progress(done, total)` is called after each
// position. Single-threaded, batch 1 for the searches: exactly reproducible.
SolutionCheck check_against_solution(
    std::shared_ptr<const Game> game, std::shared_ptr<const Encoder> encoder,
    std::shared_ptr<InferenceBackend> backend, const solver::Solution& solution,
    const SolutionCheckOptions& options,
    const std::function<void(int64_t, int64_t)>& progress = nullptr);

}  // namespace inchzero
