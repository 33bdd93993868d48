// `inchzero solve`: solve a small board exactly (core/solver/solver.h) and
// write the solution file (docs/solved-boards.md); with --retrograde, solve
// every position reachable from a position with cycles handled
// (core/solver/retrograde.h) and report its value and best line; or, with
// --check-network, measure a network against a solution file
// (selfplay/solution_check.h).
#include <fmt/format.h>

#include <iostream>
#include <optional>

#include "cli/command.h"
#include "cli/engine_choice.h"
#include "cli/game_selection.h"
#include "core/progress.h"
#include "core/registry.h"
#include "core/solver/retrograde.h"
#include "core/solver/solution_file.h"
#include "core/solver/solver.h"
#include "model/backend.h"
#include "model/encoder.h"
#include "selfplay/players/net_player.h"
#include "selfplay/solution_check.h"

namespace inchzero::cli {
namespace {

struct SolveArgs {
  GameSelection selection;
  std::string out;
  int64_t max_positions = solver::SolveLimits{}.max_positions;
  bool quiet = false;
  // --check-network mode.
  std::string network;
  std::string solution;
  SolutionCheckOptions check;
  std::vector<std::string> search;  // "key=value" SearchConfig overrides
  std::string format = "text";
  // --retrograde mode.
  bool retrograde = false;
  double memory_gib = 0;  // 0: three quarters of this machine's memory
  int threads = 2;
  int line_moves = 40;
};

const char* value_word(int value) { return value > 0 ? "win" : value < 0 ? "loss" : "draw"; }

// What a value means for the player to move at position i, in words.
std::string retrograde_verdict(const solver::RetrogradeSolution& s, int64_t i) {
  const char* side = s.codec().side(s.key(i)) == 0 ? "Red" : "Blue";
  if (s.terminal(i)) return "the game is over";
  switch (s.value(i)) {
    case solver::Value::kWin:
      return fmt::format("a win for {} (to move) in {} moves", side, s.distance(i));
    case solver::Value::kLoss:
      return fmt::format("a loss for {} (to move) in {} moves", side, s.distance(i));
    case solver::Value::kDraw:
      break;
  }
  return s.endless(i) ? "a draw no line of play ends: neither side can force an end (a fortress)"
                      : fmt::format(
                            "a draw that best play ends in {} moves (at a limit or "
                            "by equal scores)",
                            s.distance(i));
}

int run_retrograde(const SolveArgs& args) {
  auto game = args.selection.load();
  const std::unique_ptr<State> root = args.selection.load_state(*game);
  solver::RetrogradeOptions options;
  const int64_t machine = solver::machine_memory_bytes();
  options.memory_limit_bytes = args.memory_gib > 0
                                   ? static_cast<int64_t>(args.memory_gib * (1 << 30))
                                   : (machine > 0 ? machine / 4 * 3 : int64_t{8} << 30);
  options.threads = args.threads;
  if (!args.quiet)
    std::cerr << fmt::format(
        "inchzero solve: retrograde, {} threads, arrays limited to {:.2f} GiB (--memory); a "
        "solve that needs more is refused\n",
        options.threads, options.memory_limit_bytes / double(1 << 30));
  ProgressBar bar("solve " + game->name(), 0, !args.quiet);
  const solver::RetrogradeSolution s = solver::solve_retrograde(
      *root, options, [&](const char* phase, const solver::RetrogradeStats& st) {
        bar.update(st.positions, fmt::format("positions ({}), {} levels", phase, st.levels));
      });
  const solver::RetrogradeStats& st = s.stats();
  bar.finish("positions");
  const std::vector<std::string> line = solver::best_line(s, *root, args.line_moves);
  if (args.format == "json") {
    nlohmann::json j = {{"game", game->name()},
                        {"rules", game->options().label()},
                        {"position", root->to_position()},
                        {"value", static_cast<int>(s.value(0))},
                        {"endless", s.endless(0)},
                        {"distance", s.distance(0)},
                        {"best_line", line},
                        {"positions", st.positions},
                        {"terminals", st.terminals},
                        {"moves", st.edges},
                        {"wins", st.wins},
                        {"losses", st.losses},
                        {"forced_draws", st.forced_draws},
                        {"endless_draws", st.endless_draws},
                        {"levels", st.levels},
                        {"seconds", st.seconds},
                        {"array_bytes", st.array_bytes},
                        {"peak_rss_bytes", st.peak_rss_bytes},
                        {"key_bits", s.codec().bits()},
                        {"threads", options.threads}};
    std::cout << j.dump() << std::endl;
    return kExitOk;
  }
  std::cout << fmt::format(
      "retrograde solve of {} ({}), from {}\n"
      "  value: {}\n"
      "  best line: {}\n"
      "  {} positions ({} terminal), {} moves between them, {} levels; wins {}, losses {}, "
      "draws ended by play {}, endless draws {}\n"
      "  {:.2f} s on {} threads, arrays {:.1f} MiB, peak memory {:.1f} MiB, {}-bit keys\n",
      game->name(), game->options().label(), root->to_position(), retrograde_verdict(s, 0),
      line.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(line, " ")), st.positions,
      st.terminals, st.edges, st.levels, st.wins, st.losses, st.forced_draws, st.endless_draws,
      st.seconds, options.threads, st.array_bytes / 1048576.0, st.peak_rss_bytes / 1048576.0,
      s.codec().bits());
  return kExitOk;
}

int run_solve(const SolveArgs& args) {
  if (!args.selection.position.empty() || !args.selection.moves.empty())
    throw GameError(
        "--position and --moves need --retrograde (the solution file starts at the "
        "game's start)");
  if (args.format != "text") throw GameError("--format needs --check-network or --retrograde");
  if (args.out.empty()) throw GameError("--out is required (the solution file to write)");
  auto game = args.selection.load();
  solver::SolveLimits limits;
  limits.max_positions = args.max_positions;
  // The number of positions is unknown until the end: the bar shows counts.
  ProgressBar bar("solve " + game->name(), 0, !args.quiet);
  solver::SolveStats stats;
  const solver::Solution solution = solver::solve(
      *game, limits,
      [&](const solver::SolveStats& s) {
        bar.update(s.positions, fmt::format("positions, {} terminal", s.terminals));
      },
      &stats);
  bar.finish(fmt::format("positions, {} terminal", stats.terminals));
  solver::write_solution(args.out, solution);
  const solver::SolvedPosition& start = solution.start();
  std::cout << fmt::format(
                   "solved {} ({}): {} positions, {} terminal, start is a {} for the first "
                   "player ({} optimal of its decisions), {:.2f} s, peak memory {:.1f} MiB, "
                   "depth {}; wrote {}",
                   game->name(), game->options().label(), stats.positions, stats.terminals,
                   value_word(start.value), start.best.size(), stats.seconds,
                   stats.peak_rss_bytes / 1048576.0, stats.max_depth, args.out)
            << std::endl;
  return kExitOk;
}

int run_check(const SolveArgs& args) {
  const solver::Solution solution = solver::read_solution(args.solution);
  // The game and rules are the solution's own; the fingerprint check catches
  // a rule file that changed since the board was solved.
  std::shared_ptr<const Game> game = load_game_from_label(solution.game, solution.rules_label);
  solver::check_solution_matches(solution, *game, args.solution);
  std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  BackendShape shape;
  shape.input_size = encoder->shape().size();
  shape.num_actions = game->num_actions();
  // mock and uniform are network-free baselines; anything else is a network
  // file or a run folder (its newest network).
  const std::string spec = args.network == "mock" || args.network == "uniform"
                               ? args.network
                               : "torch:" + resolve_network_path(args.network);
  std::shared_ptr<InferenceBackend> backend = make_backend(spec, shape, game->name());
  SolutionCheckOptions options = args.check;
  options.search = parse_search_settings(args.search, SearchConfig());
  std::optional<ProgressBar> bar;
  const SolutionCheck result = check_against_solution(
      game, encoder, backend, solution, options, [&](int64_t done, int64_t total) {
        if (!bar) bar.emplace("check " + game->name(), total, !args.quiet);
        bar->update(done);
      });
  if (bar) bar->finish();
  if (args.format == "json") {
    nlohmann::json j = result.to_json();
    j["network"] = backend->describe();
    j["solution"] = args.solution;
    std::cout << j.dump() << std::endl;
    return kExitOk;
  }
  std::cout << fmt::format(
      "{} on {} of {} contested positions (seed {}): raw policy not optimal "
      "{:.1f} %",
      backend->describe(), result.contested, result.solved_contested, result.seed,
      100 * result.policy_error());
  if (result.visits > 0)
    std::cout << fmt::format(", search ({} visits) not optimal {:.1f} %", result.visits,
                             100 * result.search_error());
  std::cout << fmt::format("; mean value error {:.3f} on {} of {} positions",
                           result.mean_value_error(), result.positions, result.solved_positions)
            << std::endl;
  return kExitOk;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  args->selection.add_options(app, /*with_position=*/true);
  CLI::Option* out = app.add_option("--out", args->out, "solution file to write (gzip JSON lines)");
  app.add_option("--max-positions", args->max_positions,
                 "give up (exit 1) beyond this many positions: the board is too big")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 32));
  app.add_flag("--quiet", args->quiet, "no progress display");
  CLI::Option* network =
      app.add_option("--check-network", args->network,
                     "instead of solving, measure this network (a file, a run folder's newest, "
                     "or the baselines mock | uniform) against --solution");
  CLI::Option* solution =
      app.add_option("--solution", args->solution, "solution file for --check-network")
          ->check(CLI::ExistingFile);
  CLI::Option* sample =
      app.add_option("--sample", args->check.sample,
                     "contested positions checked for decisions, and positions for the value, "
                     "each drawn with --seed (0 = all)")
          ->capture_default_str()
          ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  CLI::Option* visits = app.add_option("--visits", args->check.visits,
                                       "search visits per checked position (0 = no search)")
                            ->capture_default_str()
                            ->check(CLI::Range(0, 1 << 20));
  CLI::Option* search =
      app.add_option("--search", args->search,
                     "search setting key=value for --visits (selfplay/search_config.h: c_puct, "
                     "gumbel, score_utility, ...; a run's check uses its selfplay.search), "
                     "repeatable");
  CLI::Option* seed =
      app.add_option("--seed", args->check.seed, "seed of the sample")->capture_default_str();
  app.add_option("--format", args->format, "text or json (with --check-network or --retrograde)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  CLI::Option* retrograde = app.add_flag(
      "--retrograde", args->retrograde,
      "solve every position reachable from --position (default: the start) with cycles "
      "handled, and print its value and best line (inchworm; no solution file)");
  CLI::Option* memory =
      app.add_option("--memory", args->memory_gib,
                     "--retrograde: refuse a solve whose arrays need more GiB than this "
                     "(default: three quarters of this machine's memory)")
          ->check(CLI::Range(0.001, 1e6));
  CLI::Option* threads =
      app.add_option("--threads", args->threads, "--retrograde: threads that expand positions")
          ->capture_default_str()
          ->check(CLI::Range(1, 256));
  CLI::Option* line =
      app.add_option("--line", args->line_moves, "--retrograde: moves of the best line to print")
          ->capture_default_str()
          ->check(CLI::Range(0, 100000));
  for (CLI::Option* o : {memory, threads, line}) o->needs(retrograde);
  retrograde->excludes(out);
  retrograde->excludes(network);
  network->needs(solution);
  solution->needs(network);
  for (CLI::Option* o : {sample, visits, search, seed}) o->needs(network);
  network->excludes(out);
  for (const char* name : {"--game", "--rules", "--set", "--max-positions"})
    network->excludes(app.get_option(name));
  app.footer(
      "Solves every position reachable from the start by memoised negamax and writes each "
      "one's exact value and optimal decisions. Only games whose positions the notation keys "
      "exactly: inchworm (repetition_draw=0, or a cap below its reach), invector, "
      "steere-inchworm. Board sizes that solve in seconds: docs/solved-boards.md. "
      "--check-network reports the share of contested positions (where some decision is not "
      "optimal) at which the raw policy's and the search's choice is not optimal, and the mean "
      "absolute value error.");
  return [args]() {
    if (args->retrograde) return run_retrograde(*args);
    return args->network.empty() ? run_solve(*args) : run_check(*args);
  };
}

}  // namespace

extern const CommandSpec kSolveCommand{
    "solve", "solve a small board exactly, or check a network against a solved board", &setup};

}  // namespace inchzero::cli
