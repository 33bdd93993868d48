// `inchzero match`: play two players against each other with colours
// alternated and report the score, Elo difference and end reasons.
#include <array>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/match_choice.h"
#include "cli/network_choice.h"
#include "core/atomic_file.h"
#include "core/progress.h"
#include "selfplay/eval/match.h"
#include "selfplay/eval/match_log.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::cli {
namespace {

struct MatchArgs {
  MatchChoice choice;
  std::string p0, p1;
  MatchOptions options;
  std::string json_path;
  std::string games_path;
  bool quiet = false;
  InferenceChoice inference;  // --precision, --device
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<MatchArgs>();
  app.add_option("--p0", args->p0,
                 "first player: " + player_spec_grammar() +
                     " (net PATH: a network file or a run folder, whose newest network plays; "
                     "zoo:NAME takes net's options and brings its game and rules: "
                     "--game/--rules/--set or --run may restate them, rules that play "
                     "otherwise are refused (docs/zoo.md); temp: moves drawn from the visits; "
                     "docs/running.md, \"Players and matches\")")
      ->required();
  app.add_option("--p1", args->p1, "second player (same forms as --p0)")->required();
  app.add_option("--games", args->options.games, "number of games (p0 moves first in even games)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000000));
  args->choice.add_options(app,
                           "random plies opening every game (games 2k and 2k+1 share one), so "
                           "that deterministic players do not repeat one game");
  app.add_option("--json", args->json_path, "also write the result as JSON to this file");
  app.add_option("--games-out", args->games_path,
                 "also write every game to this file as JSON Lines: opening, moves, result, end "
                 "reason and final points (selfplay/eval/match_log.h)");
  app.add_flag("--quiet", args->quiet, "no progress bar");
  args->inference.add_options(app);
  return [args]() {
    const ResolvedInference inference = args->inference.resolve(!args->quiet);
    const std::vector<std::string> timed = args->choice.timed({args->p0, args->p1});
    args->p0 = timed[0];
    args->p1 = timed[1];
    SearchConfig search;
    const std::shared_ptr<const Game> game = args->choice.load(search, {args->p0, args->p1});
    args->options.seed = args->choice.seed;
    args->options.threads = args->choice.threads;
    args->options.opening_plies = args->choice.opening_plies;
    const PlayerSpec spec0 = parse_player_spec(args->p0), spec1 = parse_player_spec(args->p1);
    auto p0 = make_player_factory(spec0, game, search, inference.options);
    auto p1 = make_player_factory(spec1, game, search, inference.options);
    // The output files are written at the end: a bad path fails now.
    for (const std::string* path : {&args->json_path, &args->games_path}) {
      if (!path->empty()) check_writable(*path);
    }
    MatchGameLog log;
    if (!args->games_path.empty()) args->options.observe = log.observer_factory();
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
      j["rule_values"] = game->options().to_yaml();
      j["inference"] = inference.record;
      // How the network players searched (--run's, a zoo entry's or the
      // defaults): with the specs, what replays the match.
      if (spec0.kind == PlayerSpec::Kind::kNet || spec1.kind == PlayerSpec::Kind::kNet)
        j["search"] = search.to_json();
      write_file_atomically(args->json_path, j.dump(2) + "\n");
    }
    if (!args->games_path.empty()) log.write(args->games_path, result);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kMatchCommand{
    "match", "play two players with colours alternated; score, Elo and end reasons", &setup};

}  // namespace inchzero::cli
