#include "cli/match_choice.h"

#include <algorithm>
#include <thread>

#include "core/rules_fingerprint.h"
#include "model/zoo.h"
#include "selfplay/players/player_spec.h"
#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/zoo_add.h"

namespace inchzero::cli {

void MatchChoice::add_options(CLI::App& app, const std::string& opening_help) {
  app_ = &app;
  threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  selection.add_options(app, /*with_position=*/false);
  app.add_option("--run", run,
                 "take the game, rules and the network players' search settings from this "
                 "training run's config.yaml (instead of --game/--rules; --set changes rule "
                 "options of the run's rules)");
  app.add_option("--seed", seed, "seed of every random choice")->capture_default_str();
  app.add_option("--threads", threads, "games played in parallel")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--opening-plies", opening_plies, opening_help)
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  app.add_option("--movetime", movetime_ms,
                 "a time per move in ms for every player that takes ms=T and names none (ab, "
                 "uct, net, zoo; stockfish without depth or nodes): players at equal time. "
                 "greedy and random answer at once; the lab's players play as given. Timed "
                 "games depend on the machine's speed and load (0: the players as given)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
}

std::vector<std::string> MatchChoice::timed(const std::vector<std::string>& specs) const {
  std::vector<std::string> out;
  for (const std::string& spec : specs) out.push_back(with_time_per_move(spec, movetime_ms));
  return out;
}

namespace {

// Throws unless `a` (named by `a_source`) and `b` are one game with rules that play alike.
void check_same_rules(const Game& a, const std::string& a_source, const Game& b,
                      const std::string& b_source) {
  if (a.name() == b.name() && behaviour_fingerprint(a) == behaviour_fingerprint(b)) return;
  auto label = [](const Game& g) {
    const std::string rules = g.options().label();
    return g.name() + " (rules " + (rules.empty() ? "default" : rules) + ")";
  };
  throw GameError(a_source + " plays " + label(a) + ", but " + b_source + " give " + label(b));
}

}  // namespace

std::shared_ptr<const Game> MatchChoice::load(SearchConfig& search,
                                              const std::vector<std::string>& players) const {
  std::shared_ptr<const Game> zoo_game;
  std::string zoo_source;
  SearchConfig zoo_search;
  for (const std::string& text : players) {
    const PlayerSpec spec = parse_player_spec(text);
    if (spec.kind != PlayerSpec::Kind::kNet || !is_zoo_spec(spec.path)) continue;
    const ZooEntry entry = zoo_entry_of(spec.path);
    std::shared_ptr<const Game> game = zoo_entry_game(entry);
    if (zoo_game) {
      check_same_rules(*zoo_game, zoo_source, *game, spec.path);
    } else {
      zoo_game = std::move(game);
      zoo_source = spec.path;
      zoo_search = zoo_entry_config(entry).selfplay.search;
    }
  }
  const bool named =
      !run.empty() || app_->count("--game") + app_->count("--rules") + app_->count("--set") > 0;
  // As with --run, the network players search as the first zoo entry's run
  // did (Gumbel, score utility): the defaults would measure another player.
  if (zoo_game && !named) {
    search = zoo_search;
    return zoo_game;
  }
  std::shared_ptr<const Game> game = load_named(search);
  if (zoo_game)
    check_same_rules(*zoo_game, zoo_source, *game, run.empty() ? "--game/--rules/--set" : "--run");
  return game;
}

std::shared_ptr<const Game> MatchChoice::load_named(SearchConfig& search) const {
  if (run.empty()) return selection.load();
  // --set applies on top of the run's rules (a network trained under
  // cap_result=score played under the real rules); another game or rule set
  // would be a run's network outside its game, and is refused, not ignored.
  if (app_->count("--game") + app_->count("--rules") > 0)
    throw GameError("--run takes the game and rules from the run in '" + run +
                    "': give --set to change rule options, not --game or --rules");
  RunFolder folder(run);
  if (!folder.has_run()) throw GameError("no training run in '" + run + "'");
  RunConfig config = RunConfig::load(folder.config_path());
  search = config.selfplay.search;
  config.game.set.insert(config.game.set.end(), selection.overrides.begin(),
                         selection.overrides.end());
  return config.game.load();
}

}  // namespace inchzero::cli
