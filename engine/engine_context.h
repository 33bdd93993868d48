// What the engines (analysis_engine.h, uci_engine.h) answer with: a saved
// network searched by the Searcher, or any match player (player_spec.h) —
// so that `uct:64` can be driven without a network. Holds what all queries
// share: the loaded network, the games built so far and one evaluation
// cache per rule set.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/replay_cache.h"
#include "model/backend.h"
#include "model/network_config.h"
#include "selfplay/players/player.h"
#include "selfplay/players/player_spec.h"
#include "selfplay/searcher.h"

namespace inchzero {

struct EngineOptions {
  // A player spec: "net:PATH[:sims=N][:precision=…]" searches a network
  // (PATH may be a run folder: its newest network); anything else
  // ("uct:64", "greedy", …) is a player that only names its move.
  std::string player;
  // The game when the player has no network (a network brings its own, the
  // rules it was trained under); null = the network's.
  std::shared_ptr<const Game> game;
  SearchConfig search;  // how networks search (PUCT by default, no noise)
  // How the network runs (the spec's precision=… overrides its precision).
  InferenceOptions inference;
  uint64_t seed = 1;  // every random choice (symmetries, players) derives from it
};

class EngineContext {
 public:
  // Loads the network once. Throws GameError on a bad spec, a missing or
  // unfitting network, or a player spec without a game.
  explicit EngineContext(const EngineOptions& options);

  bool has_network() const { return backend_ != nullptr; }
  // The game queries get when they name none.
  const std::shared_ptr<const Game>& default_game() const { return default_game_; }
  // Visits per search when a query sets no budget (the spec's sims=N).
  int default_visits() const { return spec_.simulations; }

  // The game of a query: `name` (unset: the default game), `rules` (a
  // shipped rule set or a label such as "menke+max_plies=200"; unset: the
  // default game's rules when it is the same game, else the game's
  // defaults) and `set` ("key=value" on top). With a network, it must fit
  // the network. Throws GameError naming the problem. Thread-safe; games
  // are built once per distinct request.
  std::shared_ptr<const Game> game_for(const std::optional<std::string>& name,
                                       const std::optional<std::string>& rules,
                                       const std::vector<std::string>& set);

  // Whether the network fits `game` (its input planes and action space, as
  // game_for checks them); always true without a network.
  bool fits(const Game& game) const;

  // A network searcher for `game` (has_network() only), for one search at a
  // time: when the last copy of the pointer goes, the searcher returns to a
  // pool and the next query reuses it (its tree's memory is already
  // allocated). Searchers of one rule set share an evaluation cache, and all
  // use the engine's seed (it picks each evaluation's symmetry, so a cached
  // evaluation equals a fresh one). Analysis searches add no noise: the same
  // query gives the same answer. Thread-safe; the context must outlive the
  // searcher.
  std::shared_ptr<Searcher> make_searcher(const std::shared_ptr<const Game>& game);
  // A player of the spec for `game` (players without a network only).
  std::unique_ptr<Player> make_player(const std::shared_ptr<const Game>& game, uint64_t seed);

  // Positions of recent queries (replay_cache.h), shared by all of them.
  ReplayCache& replays() { return replays_; }

  // {"player": …, "network": path, "game": …, "rules": …, "precision": …}
  nlohmann::json describe() const;

 private:
  struct GameSlot {
    std::shared_ptr<const Game> game;
    std::shared_ptr<const Encoder> encoder;
    std::shared_ptr<EvalCache> cache;
    std::unique_ptr<PlayerFactory> players;
    std::vector<std::unique_ptr<Searcher>> idle_searchers;
  };
  GameSlot& slot_for(const std::shared_ptr<const Game>& game);

  PlayerSpec spec_;
  SearchConfig search_;
  uint64_t seed_;
  std::string network_path_;
  std::optional<NetworkConfig> network_config_;
  std::shared_ptr<InferenceBackend> backend_;
  std::shared_ptr<const Game> default_game_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Game>> games_;  // by request key
  std::map<const Game*, GameSlot> slots_;
  ReplayCache replays_;
};

}  // namespace inchzero
