// `inchzero bench rules`: random playouts over the decision action space and
// perft, one thread, seeded, against a machine-speed reference measured in
// the same run (core/bench_rules.h).
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/rules_bench_hooks.h"
#include "core/bench_rules.h"

namespace inchzero::cli {
namespace {

struct BenchRulesArgs {
  GameSelection selection;
  RulesBenchOptions options;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchRulesArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--seconds", args->options.seconds, "total measuring time")
      ->capture_default_str()
      ->check(CLI::Range(0.2, 3600.0));
  app.add_option("--seed", args->options.seed, "seed of the random games")->capture_default_str();
  return [args]() {
    auto game = args->selection.load();
    RulesBenchResult result = run_rules_bench(*game, args->options, std::cerr);
    print_rules_bench(*game, args->options, result, std::cout);
    // Game-specific figures (cli/rules_bench_hooks.cpp), e.g. chess vs. Stockfish.
    if (const RulesBenchHook* hook = find_rules_bench_hook(game->name()))
      hook->run(*game, std::cout, std::cerr);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchRules{
    "rules", "rules-core speed: random playouts and perft vs. a machine reference", &setup};

}  // namespace inchzero::cli
