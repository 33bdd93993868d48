#include "cli/engine_choice.h"

#include <filesystem>

#include "cli/network_choice.h"
#include "selfplay/players/player_spec.h"

namespace inchzero::cli {

SearchConfig parse_search_settings(const std::vector<std::string>& settings, SearchConfig base) {
  for (const std::string& kv : settings) {
    try {
      config_set(base, kv, "search");
    } catch (const GameError& e) {
      throw GameError(std::string("--search: ") + e.what());
    }
  }
  return base;
}

void EngineChoice::add_options(CLI::App& app) {
  app.add_option("--model", model,
                 "network file, a run folder (its newest network) or zoo:NAME: search with it");
  app.add_option("--player", player,
                 "any player spec instead of --model: " + player_spec_grammar() +
                     " (players without a network only name their move)");
  app.add_option("--visits", visits,
                 "visits per search when a request sets no budget (default: the spec's sims, 64)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--search", search,
                 "search setting key=value (selfplay/search_config.h: c_puct, gumbel, "
                 "score_utility, cache_entries, ...), repeatable");
  app.add_option("--seed", seed, "seed of every random choice (symmetries, players)")
      ->capture_default_str();
  inference.add_options(app);
  selection.add_options(app, /*with_position=*/false);
}

void EngineChoice::add_play_options(CLI::App& app) {
  app.add_option("--visits", visits,
                 "visits of a network opponent's search (default: its sims, 64)")
      ->check(CLI::Range(1, 1000000));
  app.add_option("--search", search, "search setting key=value, repeatable");
  app.add_option("--seed", seed, "seed of the opponent's random choices")->capture_default_str();
  inference.add_options(app);
  selection.add_options(app, /*with_position=*/true);
}

EngineOptions EngineChoice::resolve(const CLI::App& app) const {
  if (model.empty() == player.empty())
    throw GameError("give exactly one of --model NET and --player SPEC");
  EngineOptions options;
  options.inference = inference.resolve(/*announce=*/false).options;
  options.player = model.empty() ? player : "net:" + model;
  // A bare network file or run folder is a network player.
  if (model.empty() && player.find(':') == std::string::npos && std::filesystem::exists(player))
    options.player = "net:" + player;
  if (visits > 0) {
    PlayerSpec spec = parse_player_spec(options.player);
    spec.simulations = visits;
    options.player = spec.to_string();
  }
  options.search = parse_search_settings(search);
  options.seed = seed;
  // A network brings its game and rules; --game/--rules/--set replace them.
  const bool game_named = app.count("--game") + app.count("--rules") + app.count("--set") > 0;
  if (game_named || parse_player_spec(options.player).kind != PlayerSpec::Kind::kNet)
    options.game = selection.load();
  return options;
}

}  // namespace inchzero::cli
