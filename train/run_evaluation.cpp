#include "train/run_evaluation.h"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <optional>

#include "core/atomic_file.h"
#include "core/fault_point.h"
#include "core/progress.h"
#include "core/seed.h"
#include "core/solver/solution_file.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/solution_check.h"

namespace inchzero {
namespace {

// Stream tags of derive_seed, so that evaluation seeds never collide with
// self-play or training seeds.
constexpr uint64_t kEvaluationStream = 0x65766100;  // "eva"

nlohmann::json finite_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

nlohmann::json match_metrics(const MatchResult& r, const std::string& player) {
  const MatchSummary s = r.summary();
  return {{"player", player},
          {"games", s.games},
          {"wins", r.wins()},
          {"draws", r.draws()},
          {"losses", r.losses()},
          {"score", s.score},
          {"score_95", {s.score_interval.low, s.score_interval.high}},
          {"elo", finite_or_null(s.elo)},
          {"elo_95", {finite_or_null(s.elo_interval.low), finite_or_null(s.elo_interval.high)}},
          {"end_reasons", r.end_reasons()},
          {"mean_plies", r.mean_plies()},
          {"seconds", r.seconds}};
}

// The network of `in.iteration` against the run's solved board. The sample
// and the search seed are the same every iteration, so the curve follows one
// set of positions.
nlohmann::json solution_metrics(const EvaluationInput& in) {
  const auto t0 = std::chrono::steady_clock::now();
  const EvaluationConfig& config = *in.config;
  auto solution = load_evaluation_solution(config.solution, *in.game);
  std::shared_ptr<const Encoder> encoder = make_encoder(*in.game);
  std::shared_ptr<InferenceBackend> backend = make_backend(
      "torch:" + in.folder->network_path(in.iteration),
      {encoder->shape().size(), in.game->num_actions()}, in.game->name(), in.inference);
  SolutionCheckOptions options;
  options.sample = config.solution_sample;
  options.visits = config.simulations;
  options.seed = derive_seed(in.seed, {kEvaluationStream, 0x736f6c});  // "sol"
  options.search = in.search;
  std::optional<ProgressBar> bar;
  const SolutionCheck check = check_against_solution(
      in.game, encoder, backend, *solution, options, [&](int64_t done, int64_t total) {
        if (!bar) bar.emplace(in.label + " eval vs solution", total, !in.quiet);
        bar->update(done);
      });
  if (bar)
    bar->finish(fmt::format("policy {:.1f} % search {:.1f} % not optimal",
                            100 * check.policy_error(), 100 * check.search_error()));
  nlohmann::json j = check.to_json();
  j["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return j;
}

}  // namespace

std::shared_ptr<const solver::Solution> load_evaluation_solution(const std::string& path,
                                                                 const Game& game) {
  // Read once per process: a run evaluates every iteration against the same
  // file, and a big board's file takes seconds to read.
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const solver::Solution>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = cache[path];
  if (!slot) slot = std::make_shared<solver::Solution>(solver::read_solution(path));
  solver::check_solution_matches(*slot, game, path);
  return slot;
}

double bounded_elo(double score, int games) {
  if (games <= 0) return 0;
  const double half = 0.5 / games;
  return elo_from_score(std::min(1.0 - half, std::max(half, score)));
}

nlohmann::json evaluate_iteration(const EvaluationInput& in) {
  const EvaluationConfig& config = *in.config;
  const std::string sims = ":sims=" + std::to_string(config.simulations);
  auto net_spec = [&](int iteration) { return "net:" + in.folder->network_path(iteration) + sims; };
  auto candidate = make_player_factory(net_spec(in.iteration), in.game, in.search, in.inference);

  // The opponents of this iteration: (metrics key, player spec, games).
  struct Opponent {
    std::string key, spec;
    int games;
  };
  std::vector<Opponent> opponents;
  if (in.iteration > 0 && config.games_vs_previous > 0) {
    opponents.push_back({"previous", net_spec(in.iteration - 1), config.games_vs_previous});
  }
  if (config.games_vs_baselines > 0) {
    for (const std::string& spec : config.baseline_specs()) {
      opponents.push_back({spec, spec, config.games_vs_baselines});
    }
  }
  if (config.occasional_every > 0 && in.iteration % config.occasional_every == 0 &&
      config.games_vs_occasional > 0) {
    opponents.push_back({"occasional", config.occasional, config.games_vs_occasional});
  }

  nlohmann::json eval = nlohmann::json::object(), reports = nlohmann::json::object();
  for (size_t i = 0; i < opponents.size(); ++i) {
    const Opponent& o = opponents[i];
    auto opponent = make_player_factory(o.spec, in.game, in.search, in.inference);
    MatchOptions options;
    options.games = o.games;
    options.seed = derive_seed(in.seed, {kEvaluationStream, static_cast<uint64_t>(in.iteration),
                                         static_cast<uint64_t>(i)});
    options.threads = config.threads;
    options.opening_plies = config.opening_plies;
    options.stop = in.stop;
    const std::string name = o.key == "previous" ? "previous net" : o.spec;
    ProgressBar bar(fmt::format("{} eval vs {}", in.label, name), o.games, !in.quiet);
    std::array<int, 3> wdl{};
    MatchResult result = play_match(
        *in.game, *candidate, *opponent, options, [&](int done, int, const MatchGame& g) {
          ++wdl[g.result > 0 ? 0 : (g.result == 0 ? 1 : 2)];
          bar.update(done, fmt::format("W-D-L {}-{}-{}", wdl[0], wdl[1], wdl[2]));
        });
    bar.finish(
        fmt::format("W-D-L {}-{}-{} score {:.2f}", wdl[0], wdl[1], wdl[2], result.summary().score));
    if (result.interrupted) return nullptr;
    eval[o.key] = match_metrics(result, o.spec);
    reports[o.key] = result.to_json();
    fault_point("inside_evaluation");  // after each match: a kill loses the matches so far
  }

  nlohmann::json out;
  out["eval"] = eval;
  if (!config.solution.empty()) out["solution"] = solution_metrics(in);
  // The Elo chain exists only where the previous network was played: a run
  // without those games (games_vs_previous 0) records no Elo rather than a
  // flat, meaningless zero.
  if (eval.contains("previous")) {
    const double vs_previous =
        bounded_elo(eval["previous"]["score"].get<double>(), eval["previous"]["games"].get<int>());
    out["elo"] = {{"vs_previous", vs_previous},
                  {"cumulative", in.previous_cumulative_elo + vs_previous}};
  }
  write_file_atomically(in.folder->evaluation_path(in.iteration), reports.dump(2) + "\n");
  fault_point("after_evaluation_file");
  return out;
}

}  // namespace inchzero
