#include "cli/match_choice.h"

#include <algorithm>
#include <thread>

#include "train/run_config.h"
#include "train/run_folder.h"

namespace inchzero::cli {

void MatchChoice::add_options(CLI::App& app, const std::string& opening_help) {
  threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  selection.add_options(app, /*with_position=*/false);
  app.add_option("--run", run,
                 "take the game, rules and the network players' search settings from this "
                 "training run's config.yaml (instead of --game/--rules/--set)");
  app.add_option("--seed", seed, "seed of every random choice")->capture_default_str();
  app.add_option("--threads", threads, "games played in parallel")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--opening-plies", opening_plies, opening_help)
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
}

std::shared_ptr<const Game> MatchChoice::load(SearchConfig& search) const {
  if (run.empty()) return selection.load();
  RunFolder folder(run);
  if (!folder.has_run()) throw GameError("no training run in '" + run + "'");
  const RunConfig config = RunConfig::load(folder.config_path());
  search = config.selfplay.search;
  return config.game.load();
}

}  // namespace inchzero::cli
