#include "selfplay/solution_check.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "core/seed.h"
#include "selfplay/searcher.h"

namespace inchzero {

nlohmann::json SolutionCheck::to_json() const {
  return {{"solved_positions", solved_positions},
          {"solved_contested", solved_contested},
          {"positions", positions},
          {"contested", contested},
          {"policy_error", policy_error()},
          {"search_error", visits > 0 ? nlohmann::json(search_error()) : nlohmann::json()},
          {"value_error", mean_value_error()},
          {"visits", visits},
          {"seed", seed}};
}

SolutionCheck check_against_solution(std::shared_ptr<const Game> game,
                                     std::shared_ptr<const Encoder> encoder,
                                     std::shared_ptr<InferenceBackend> backend,
                                     const solver::Solution& solution,
                                     const SolutionCheckOptions& options,
                                     const std::function<void(int64_t, int64_t)>& progress) {
  SolutionCheck out;
  out.solved_positions = static_cast<int64_t>(solution.positions.size());
  out.visits = options.visits;
  out.seed = options.seed;

  std::vector<size_t> all, contested;
  for (size_t i = 0; i < solution.positions.size(); ++i) {
    all.push_back(i);
    if (solution.positions[i].contested()) contested.push_back(i);
  }
  out.solved_contested = static_cast<int64_t>(contested.size());
  // All, or a sample drawn from the recorded seed (std::sample keeps the
  // file's order, so the walk is reproducible).
  auto pick = [&](const std::vector<size_t>& from, uint64_t stream) {
    if (options.sample <= 0 || static_cast<size_t>(options.sample) >= from.size()) return from;
    std::vector<size_t> chosen;
    std::mt19937_64 rng(derive_seed(options.seed, {stream}));
    std::sample(from.begin(), from.end(), std::back_inserter(chosen),
                static_cast<size_t>(options.sample), rng);
    return chosen;
  };
  const std::vector<size_t> value_sample = pick(all, 0x501);
  const std::vector<size_t> decision_sample = pick(contested, 0x502);

  SearchConfig search = options.search;
  // One search tree at a time: a modest cache, shared by all positions.
  search.cache_entries = std::min<int64_t>(search.cache_entries, int64_t{1} << 16);
  Searcher searcher(game, encoder, backend, search, derive_seed(options.seed, {0x503}));

  const int64_t total = static_cast<int64_t>(value_sample.size() + decision_sample.size());
  int64_t done = 0;
  for (size_t index : value_sample) {
    const solver::SolvedPosition& p = solution.positions[index];
    const auto eval = searcher.evaluate(*solver::state_for_key(*game, p.key));
    out.value_error_sum += std::abs(static_cast<double>(eval->value()) - p.value);
    ++out.positions;
    if (progress) progress(++done, total);
  }
  for (size_t index : decision_sample) {
    const solver::SolvedPosition& p = solution.positions[index];
    auto state = solver::state_for_key(*game, p.key);
    const std::vector<Action> legal = state->legal_actions();
    auto optimal = [&](Action a) { return std::binary_search(p.best.begin(), p.best.end(), a); };
    const auto eval = searcher.evaluate(*state);
    ++out.contested;
    // Ties go to the lowest action number (max_element keeps the first).
    const auto top = std::max_element(eval->priors.begin(), eval->priors.end());
    if (!optimal(legal[static_cast<size_t>(top - eval->priors.begin())])) ++out.policy_errors;
    if (options.visits > 0) {
      searcher.set_position(*state);
      searcher.search(options.visits, /*add_noise=*/false);
      if (!optimal(searcher.choose_action(/*temperature=*/0.0f))) ++out.search_errors;
    }
    if (progress) progress(++done, total);
  }
  return out;
}

}  // namespace inchzero
