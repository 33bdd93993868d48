// `inchzero match`: play two players against each other with colours
// alternated and report the score, Elo difference and end reasons.
#include <array>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "core/atomic_file.h"
#include "core/progress.h"
#include "selfplay/eval/match.h"
#include "selfplay/players/player_spec.h"
#include "train/run_config.h"
#include "train/run_folder.h"

namespace inchzero::cli {
namespace {

struct MatchArgs {
  GameSelection selection;
  std::string p0, p1;
  MatchOptions options;
  std::string json_path;
  std::string run;  // a training run whose game and search settings to use
  bool quiet = false;
  std::string precision = "auto";
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<MatchArgs>();
  args->options.threads = std::max(1u, std::thread::hardware_concurrency());
  app.add_option("--p0", args->p0,
                 "first player: random | greedy | wall | uct:N[:c=X][:rollout_plies=M] | "
                 "ab:D[:ms=T] | "
                 "net:PATH[:sims=N][:gumbel=0|1] (PATH: a network file or a run folder, "
                 "whose newest network plays)")
      ->required();
  app.add_option("--p1", args->p1, "second player (same forms as --p0)")->required();
  app.add_option("--games", args->options.games, "number of games (p0 moves first in even games)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--seed", args->options.seed, "seed of every random choice of the match")
      ->capture_default_str();
  app.add_option("--threads", args->options.threads, "games played in parallel")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--opening-plies", args->options.opening_plies,
                 "random plies opening every game (games 2k and 2k+1 share one), so that "
                 "deterministic players do not repeat one game")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  app.add_option("--run", args->run,
                 "take the game, rules and the network players' search settings from this "
                 "training run's config.yaml (instead of --game/--rules/--set)");
  app.add_option("--json", args->json_path, "also write the result as JSON to this file");
  app.add_flag("--quiet", args->quiet, "no progress bar");
  add_precision_option(app, args->precision);
  return [args]() {
    const nlohmann::json inference = apply_precision(args->precision, !args->quiet);
    std::shared_ptr<const Game> game;
    SearchConfig search;
    if (!args->run.empty()) {
      RunFolder folder(args->run);
      if (!folder.has_run()) throw GameError("no training run in '" + args->run + "'");
      const RunConfig config = RunConfig::load(folder.config_path());
      game = config.game.load();
      search = config.selfplay.search;
    } else {
      game = args->selection.load();
    }
    auto p0 = make_player_factory(args->p0, game, search);
    auto p1 = make_player_factory(args->p1, game, search);
    ProgressBar bar(p0->describe() + " vs " + p1->describe(), args->options.games, !args->quiet);
    std::array<int, 3> wdl{};  // running wins / draws / losses of p0
    auto wdl_text = [&]() {
      return "p0 W-D-L " + std::to_string(wdl[0]) + "-" + std::to_string(wdl[1]) + "-" +
             std::to_string(wdl[2]);
    };
    MatchResult result =
        play_match(*game, *p0, *p1, args->options, [&](int done, int, const MatchGame& g) {
          ++wdl[g.result > 0 ? 0 : (g.result == 0 ? 1 : 2)];
          bar.update(done, wdl_text());
        });
    bar.finish(wdl_text());
    std::cout << result.to_text();
    if (!args->json_path.empty()) {
      nlohmann::json j = result.to_json();
      j["game"] = game->name();
      j["rules"] = game->options().label();
      j["inference"] = inference;
      write_file_atomically(args->json_path, j.dump(2) + "\n");
    }
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kMatchCommand{
    "match", "play two players with colours alternated; score, Elo and end reasons", &setup};

}  // namespace inchzero::cli
