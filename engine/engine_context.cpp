#include "engine/engine_context.h"

#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "core/seed.h"
#include "model/encoder.h"
#include "model/network.h"
#include "selfplay/players/net_player.h"

namespace inchzero {

EngineContext::EngineContext(const EngineOptions& options)
    : spec_(parse_player_spec(options.player)), search_(options.search), seed_(options.seed) {
  if (spec_.kind != PlayerSpec::Kind::kNet) {
    if (!options.game) throw GameError("player '" + options.player + "' needs a game");
    default_game_ = options.game;
    return;
  }
  // 1. The network and the rules it was trained under.
  network_path_ = resolve_network_path(spec_.path);
  network_config_ = Network::load(network_path_)->config();
  default_game_ = options.game
                      ? options.game
                      : load_game_from_label(network_config_->game, network_config_->rules);
  // 2. One backend for every query (it is thread-safe).
  const auto encoder = make_encoder(*default_game_);
  BackendShape shape;
  shape.input_size = encoder->shape().size();
  shape.num_actions = default_game_->num_actions();
  InferenceOptions inference = options.inference;
  if (!spec_.precision.empty()) inference.precision = parse_precision(spec_.precision);
  check_network_fits(*network_config_, network_path_, default_game_->name(), shape.input_size,
                     shape.num_actions);
  backend_ = make_backend("torch:" + network_path_, shape, default_game_->name(), inference);
  if (spec_.gumbel >= 0) search_.gumbel = spec_.gumbel == 1;
}

std::shared_ptr<const Game> EngineContext::game_for(const std::optional<std::string>& name,
                                                    const std::optional<std::string>& rules,
                                                    const std::vector<std::string>& set) {
  if (!name && !rules && set.empty()) return default_game_;
  const std::string game_name = name ? *name : default_game_->name();
  // Unset rules: the default game's when it is the same game.
  std::string label =
      rules ? *rules : (game_name == default_game_->name() ? default_game_->options().label() : "");
  if (label.empty()) label = "default";
  // The overrides go after the label's own, as RuleOptions::label() writes them.
  for (const std::string& s : set) label += "+" + s;
  const std::string key = game_name + "\n" + label;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = games_.find(key);
    if (it != games_.end()) return it->second;
  }
  const std::shared_ptr<const Game> game = load_game_from_label(game_name, label);
  if (network_config_) {
    check_network_fits(*network_config_, network_path_, game->name(),
                       make_encoder(*game)->shape().size(), game->num_actions());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return games_.emplace(key, game).first->second;
}

bool EngineContext::fits(const Game& game) const {
  if (!network_config_) return true;
  try {
    check_network_fits(*network_config_, network_path_, game.name(),
                       make_encoder(game)->shape().size(), game.num_actions());
    return true;
  } catch (const GameError&) {
    return false;
  }
}

EngineContext::GameSlot& EngineContext::slot_for(const std::shared_ptr<const Game>& game) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = slots_.find(game.get());
  if (it != slots_.end()) return it->second;
  GameSlot slot;
  slot.game = game;
  if (backend_) {
    slot.encoder = make_encoder(*game);
    slot.cache = std::make_shared<EvalCache>(search_.cache_entries);
  } else {
    slot.players = make_player_factory(spec_, game, search_);
  }
  return slots_.emplace(game.get(), std::move(slot)).first->second;
}

std::shared_ptr<Searcher> EngineContext::make_searcher(const std::shared_ptr<const Game>& game) {
  if (!backend_) throw GameError("internal: make_searcher without a network");
  GameSlot& slot = slot_for(game);
  std::unique_ptr<Searcher> searcher;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!slot.idle_searchers.empty()) {
      searcher = std::move(slot.idle_searchers.back());
      slot.idle_searchers.pop_back();
    }
  }
  if (!searcher)
    searcher = std::make_unique<Searcher>(game, slot.encoder, backend_, search_, seed_, slot.cache);
  return std::shared_ptr<Searcher>(searcher.release(), [this, &slot](Searcher* s) {
    std::lock_guard<std::mutex> lock(mutex_);
    slot.idle_searchers.emplace_back(s);
  });
}

std::unique_ptr<Player> EngineContext::make_player(const std::shared_ptr<const Game>& game,
                                                   uint64_t seed) {
  if (backend_) throw GameError("internal: make_player with a network");
  return slot_for(game).players->make(derive_seed(seed_, {seed}));
}

nlohmann::json EngineContext::describe() const {
  nlohmann::json j = {{"player", spec_.to_string()},
                      {"game", default_game_->name()},
                      {"rules", default_game_->options().label()}};
  if (backend_) {
    j["network"] = network_path_;
    j["backend"] = backend_->describe();
    j["defaultVisits"] = spec_.simulations;
  }
  return j;
}

}  // namespace inchzero
