// `inchzero solve`: solve a small board exactly (core/solver/solver.h) and
// write the solution file (docs/solved-boards.md).
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "core/progress.h"
#include "core/solver/solution_file.h"
#include "core/solver/solver.h"

namespace inchzero::cli {
namespace {

struct SolveArgs {
  GameSelection selection;
  std::string out;
  int64_t max_positions = solver::SolveLimits{}.max_positions;
  bool quiet = false;
};

const char* value_word(int value) { return value > 0 ? "win" : value < 0 ? "loss" : "draw"; }

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--out", args->out, "solution file to write (gzip JSON lines)")->required();
  app.add_option("--max-positions", args->max_positions,
                 "give up (exit 1) beyond this many positions: the board is too big")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 32));
  app.add_flag("--quiet", args->quiet, "no progress display");
  app.footer(
      "Solves every position reachable from the start by memoised negamax and writes each "
      "one's exact value and optimal decisions. Only games whose positions the notation keys "
      "exactly: inchworm (repetition_draw=0, or a cap below its reach), invector, "
      "steere-inchworm. Board sizes that solve in seconds: docs/solved-boards.md.");
  return [args]() {
    auto game = args->selection.load();
    solver::SolveLimits limits;
    limits.max_positions = args->max_positions;
    // The number of positions is unknown until the end: the bar shows counts.
    ProgressBar bar("solve " + game->name(), 0, !args->quiet);
    solver::SolveStats stats;
    const solver::Solution solution = solver::solve(
        *game, limits,
        [&](const solver::SolveStats& s) {
          bar.update(s.positions, fmt::format("positions, {} terminal", s.terminals));
        },
        &stats);
    bar.finish(fmt::format("positions, {} terminal", stats.terminals));
    solver::write_solution(args->out, solution);
    const solver::SolvedPosition& start = solution.start();
    std::cout << fmt::format(
                     "solved {} ({}): {} positions, {} terminal, start is a {} for the first "
                     "player ({} optimal of its decisions), {:.2f} s, peak memory {:.1f} MiB, "
                     "depth {}; wrote {}",
                     game->name(), game->options().label(), stats.positions, stats.terminals,
                     value_word(start.value), start.best.size(), stats.seconds,
                     stats.peak_rss_bytes / 1048576.0, stats.max_depth, args->out)
              << std::endl;
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kSolveCommand{
    "solve", "solve a small board exactly and write its solution file", &setup};

}  // namespace inchzero::cli
