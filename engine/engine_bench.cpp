#include "engine/engine_bench.h"

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "core/stopwatch.h"
#include "engine/analysis_engine.h"
#include "model/encoder.h"
#include "model/network.h"
#include "selfplay/players/net_player.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

// Move lists of positions met in one seeded random game (a new game when one ends).
std::vector<std::vector<std::string>> bench_positions(const Game& game, int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<std::string>> out;
  std::vector<std::string> moves;
  auto state = game.initial_state();
  while (static_cast<int>(out.size()) < count) {
    if (state->is_terminal()) {
      state = game.initial_state();
      moves.clear();
    }
    if (rng() % 4 == 0) out.push_back(moves);
    const std::vector<Move> legal = state->legal_moves();
    const Move& move = legal[rng() % legal.size()];
    moves.push_back(state->move_to_string(move));
    state->apply_move(move);
  }
  return out;
}

}  // namespace

EngineBenchResult run_engine_bench(const EngineBenchOptions& options) {
  EngineBenchResult result;
  const std::string network = resolve_network_path(options.network);
  EngineOptions engine;
  engine.player = "net:" + network + ":sims=64";
  engine.seed = options.seed;
  engine.inference = options.inference;

  // 1. Startup: load the network, answer one query at the default budget.
  Clock::time_point start = Clock::now();
  {
    EngineContext context(engine);
    AnalysisQuery first;
    first.id = "startup";
    answer_query(context, first);
  }
  result.startup_ms = seconds_since(start) * 1000;

  const NetworkConfig config = Network::load(network)->config();
  const auto game = load_game_from_label(config.game, config.rules);
  const std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  auto positions = bench_positions(*game, options.positions, options.seed);
  if (options.shuffled)
    std::shuffle(positions.begin(), positions.end(), std::mt19937_64(options.seed));
  std::vector<std::unique_ptr<State>> states;
  for (const auto& moves : positions) {
    auto state = game->initial_state();
    for (const std::string& m : moves) state->apply_move(state->parse_move(m));
    states.push_back(std::move(state));
  }

  // 2. The reference, the Searcher alone (with a fresh cache, as the
  // engine's), and the engine query by query; the two alternate which runs
  // first, so that neither gains from running second.
  auto reference_pass = [&](std::vector<std::vector<int>>& visits_out) {
    std::shared_ptr<InferenceBackend> backend =
        make_backend("torch:" + network, {encoder->shape().size(), game->num_actions()},
                     game->name(), options.inference);
    Searcher searcher(game, encoder, backend, engine.search, options.seed);
    const Clock::time_point t0 = Clock::now();
    for (const auto& state : states) {
      searcher.set_position(*state);
      const RootSummary summary = searcher.search(options.visits);
      std::vector<int> visits;
      for (const RootChild& c : summary.children)
        if (c.visits > 0) visits.push_back(c.visits);
      std::sort(visits.rbegin(), visits.rend());
      visits_out.push_back(visits);
    }
    return seconds_since(t0);
  };
  // Its one-time setup (the evaluation cache of the rule set, made at the
  // first query) is part of the startup figure, as the Searcher's cache is
  // made before its clock starts.
  auto engine_pass = [&](std::vector<std::vector<int>>& visits_out) {
    EngineContext context(engine);
    context.make_searcher(context.default_game());
    const Clock::time_point t0 = Clock::now();
    for (size_t i = 0; i < positions.size(); ++i) {
      AnalysisQuery query;
      query.id = std::to_string(i);
      query.moves = positions[i];
      query.max_visits = options.visits;
      const auto answer = answer_query(context, query);
      std::vector<int> visits;
      for (const auto& info : answer.at("moveInfos"))  // (a stopped search lists an unvisited move)
        if (info.at("visits").get<int>() > 0) visits.push_back(info.at("visits").get<int>());
      visits_out.push_back(visits);
    }
    return seconds_since(t0);
  };
  result.reference_s = result.engine_s = 1e300;
  result.same_search = true;
  std::vector<double> ratios;  // engine time / reference time of each back-to-back pair
  for (int r = 0; r < 2 * options.repeats; ++r) {
    std::vector<std::vector<int>> reference_visits, engine_visits;
    double reference = 0, engine_time = 0;
    if (r % 2 == 0) {
      reference = reference_pass(reference_visits);
      engine_time = engine_pass(engine_visits);
    } else {
      engine_time = engine_pass(engine_visits);
      reference = reference_pass(reference_visits);
    }
    result.reference_s = std::min(result.reference_s, reference);
    result.engine_s = std::min(result.engine_s, engine_time);
    ratios.push_back(engine_time / reference);
    result.same_search = result.same_search && engine_visits == reference_visits;
  }
  // The median of the pairs: each pair ran back to back, so a machine that
  // speeds up or slows down between passes moves both of its halves.
  std::sort(ratios.begin(), ratios.end());
  const size_t n = ratios.size();
  result.median_ratio = n % 2 ? ratios[n / 2] : 0.5 * (ratios[n / 2 - 1] + ratios[n / 2]);
  result.visits = int64_t{options.visits} * options.positions;
  return result;
}

}  // namespace inchzero
