// `inchzero ladder`: rate many players on one Elo scale from a round robin or
// a gauntlet of matches (selfplay/eval/ladder.h), resumable.
#include <iostream>

#include "cli/command.h"
#include "cli/match_choice.h"
#include "cli/network_choice.h"
#include "core/atomic_file.h"
#include "core/progress.h"
#include "core/stop_signals.h"
#include "selfplay/eval/ladder.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::cli {
namespace {

struct LadderArgs {
  MatchChoice choice;
  LadderOptions options;
  std::string out;
  InferenceChoice inference;  // --precision, --device
  bool quiet = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  app.add_option("--players", args->options.players,
                 "player specs, at least two: " + player_spec_grammar() +
                     " (a zoo network brings its game and rules)")
      ->required()
      ->expected(1, -1);
  app.add_option("--gauntlet", args->options.gauntlet,
                 "these players meet every other player but not one another (repeatable; "
                 "default: every pair meets, a round robin)")
      ->expected(1, -1);
  app.add_option("--games", args->options.games, "games per pairing (colours alternated)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  app.add_option("--games-in-band", args->options.games_in_band,
                 "play on to this many games the pairings whose first --games scored between "
                 "10 % and 90 % (where a rating difference is measured; 0: none)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  app.add_option("--out", args->out, "ladder folder (a stopped ladder resumes from it)")
      ->required();
  args->choice.opening_plies = 4;
  args->choice.add_options(app,
                           "random plies opening each pair of games (each opening is played "
                           "with both colours)");
  app.add_flag("--quiet", args->quiet, "no progress bar");
  args->inference.add_options(app);
  app.footer(
      "Writes OUT/ladder.md, ladder.csv, ratings.png and games.jsonl; `random` is the "
      "anchor at 0 Elo when it plays. A resume may raise --games and --games-in-band: game i "
      "of a pairing is the same game whatever the number, so the ladder is extended.");
  return [args]() {
    args->options.inference = args->inference.resolve(!args->quiet).options;
    args->options.players = args->choice.timed(args->options.players);
    args->options.gauntlet = args->choice.timed(args->options.gauntlet);
    const std::shared_ptr<const Game> game =
        args->choice.load(args->options.search, args->options.players);
    args->options.seed = args->choice.seed;
    args->options.threads = args->choice.threads;
    args->options.opening_plies = args->choice.opening_plies;
    args->options.stop = &install_stop_handler();
    // The bar counts this session's games (its rate and ETA would count the
    // games a resumed ladder played before); the text gives the whole ladder.
    std::unique_ptr<ProgressBar> sized;
    int before = 0;
    const LadderReport report =
        run_ladder(game, args->options, args->out, [&](int done, int total) {
          if (!sized) {
            before = done;
            sized = std::make_unique<ProgressBar>("ladder", total - before, !args->quiet);
          }
          sized->set_total(total - before);  // grows as pairings turn out in the band
          sized->update(done - before,
                        std::to_string(done) + "/" + std::to_string(total) + " games");
        });
    if (sized) sized->finish();
    if (!report.rated) {
      std::cout << "stopped after " << report.games_played << " of " << report.games_total
                << " games; not every player has played yet. The same command resumes.\n";
      return report.complete() ? kExitOk : kExitFailure;
    }
    std::cout << read_file(args->out + "/ladder.md");
    if (!report.plot_error.empty()) std::cerr << "warning: " << report.plot_error << "\n";
    if (!report.complete())
      std::cout << "\nstopped: " << report.games_played << " of " << report.games_total
                << " games; the same command resumes.\n";
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kLadderCommand{
    "ladder", "rate many players on one Elo scale (round robin or gauntlet, resumable)", &setup};

}  // namespace inchzero::cli
