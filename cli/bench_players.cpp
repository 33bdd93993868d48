// `inchzero bench players`: milliseconds a move of each player on fixed
// positions, one thread, seeded, against a machine-speed reference measured
// in the same run (selfplay/players/players_bench.h).
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/players/players_bench.h"

namespace inchzero::cli {
namespace {

struct BenchPlayersArgs {
  GameSelection selection;
  PlayersBenchOptions options;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchPlayersArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--players", args->options.players,
                 "player specs to time, e.g. greedy ab:2 uct:1000:rollout_plies=40 (" +
                     player_spec_grammar() + ")")
      ->required();
  app.add_option("--positions", args->options.positions,
                 "fixed positions (boundaries of seeded random games, ply 6, 18, 30, ...)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--seconds", args->options.seconds, "measuring time, shared by the players")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--seed", args->options.seed, "seed of the positions and the players")
      ->capture_default_str();
  return [args]() {
    auto game = args->selection.load();
    PlayersBenchResult result = run_players_bench(game, args->options, std::cerr);
    print_players_bench(*game, args->options, result, std::cout);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchPlayers{
    "players", "milliseconds a move of each player on fixed positions vs. a machine reference",
    &setup};

}  // namespace inchzero::cli
