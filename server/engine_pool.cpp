#include "server/engine_pool.h"

#include <algorithm>

#include "core/quoted_text.h"
#include "engine/analysis_engine.h"
#include "engine/analysis_query.h"
#include "server/request_error.h"

namespace inchzero {
namespace {

using json = nlohmann::ordered_json;

std::string number_text(double x) { return json(x).dump(); }

}  // namespace

EnginePool::EnginePool(const EnginePoolOptions& options)
    : search_(options.search), seed_(options.seed), limits_(options.limits) {
  for (size_t i = 0; i < options.networks.size(); ++i) {
    auto network = std::make_unique<Network>();
    network->id = "net" + std::to_string(i);
    network->label = options.networks[i].label;
    EngineOptions engine;
    engine.player = "net:" + options.networks[i].path;
    engine.search = search_;
    engine.inference = options.inference;
    engine.seed = seed_;
    network->context = std::make_unique<EngineContext>(engine);
    networks_.push_back(std::move(network));
  }
}

json EnginePool::describe() const {
  json engines = json::array();
  for (const auto& n : networks_) {
    const Game& game = *n->context->default_game();
    const RulesChoice rules = rules_choice_of(game);
    engines.push_back({{"id", n->id},
                       {"label", n->label},
                       {"kind", "network"},
                       {"game", game.name()},
                       {"rules", rules.rules},
                       {"set", rules.set},
                       {"visits", n->context->default_visits()}});
  }
  engines.push_back({{"id", "random"}, {"label", "random moves"}, {"kind", "player"}});
  engines.push_back(
      {{"id", "greedy"}, {"label", "greedy (best immediate points)"}, {"kind", "player"}});
  engines.push_back({{"id", "uct"},
                     {"label", "UCT with random rollouts (uct:N, N playouts per decision)"},
                     {"kind", "player"},
                     {"strength", "playouts"}});
  // Kinds registered by the program (the lab's wall-builder, lab/lab_players.h).
  for (const PlayerKind& kind : registered_player_kinds()) {
    json entry = {{"id", kind.name}, {"label", kind.summary}, {"kind", "player"}};
    if (!kind.games.empty()) entry["games"] = kind.games;
    engines.push_back(std::move(entry));
  }
  return engines;
}

std::vector<std::string> EnginePool::networks_for(const Game& game) const {
  std::vector<std::string> ids;
  for (const auto& n : networks_)
    if (n->context->fits(game)) ids.push_back(n->id);
  return ids;
}

EnginePool::Network* EnginePool::find_network(const std::string& id) const {
  for (const auto& n : networks_)
    if (n->id == id) return n.get();
  return nullptr;
}

bool EnginePool::admit_rule_set(Network& network, const std::string& key) {
  std::lock_guard<std::mutex> lock(network.mutex);
  if (network.rule_sets.count(key)) return false;
  if (network.rule_sets.size() >= limits_.max_rule_sets)
    throw RequestError(429, "network " + network.id + " already serves " +
                                std::to_string(limits_.max_rule_sets) +
                                " different rule sets (each keeps an evaluation cache); restart "
                                "the server to serve others");
  network.rule_sets.insert(key);
  return true;
}

void EnginePool::forget_rule_set(Network& network, const std::string& key) {
  std::lock_guard<std::mutex> lock(network.mutex);
  network.rule_sets.erase(key);
}

std::pair<int, json> EnginePool::analyse(const std::string& engine, const std::string& body) {
  AnalysisQuery q;
  try {
    q = parse_analysis_query(body);
  } catch (const QueryError& e) {
    json error;
    if (!e.id.empty()) error["id"] = e.id;
    error["error"] = e.what();
    if (!e.field.empty()) error["field"] = e.field;
    return {400, error};
  }
  if (q.action == AnalysisQuery::Action::kTerminate ||
      q.action == AnalysisQuery::Action::kTerminateAll)
    throw RequestError(400,
                       "terminate is not served over HTTP: every search here ends within the "
                       "server's budget (maxVisits, maxTimeMs)",
                       "action");
  Network* network = find_network(engine);
  std::unique_ptr<EngineContext> player_context;
  EngineContext* context = nullptr;
  if (network) {
    context = network->context.get();
  } else {
    PlayerSpec spec;
    try {
      spec = parse_player_spec(engine);
    } catch (const GameError& e) {
      throw RequestError(
          400,
          "unknown engine '" + quoted_excerpt(engine) + "': " + with_input_quoted(e.what(), engine),
          "engine");
    }
    if (spec.kind == PlayerSpec::Kind::kNet)
      throw RequestError(400, "networks are served by their id (net0, …; GET /api/info)", "engine");
    if (spec.kind == PlayerSpec::Kind::kUct && spec.playouts > limits_.max_visits)
      throw RequestError(400,
                         "uct:" + std::to_string(spec.playouts) +
                             " is above this server's limit of " +
                             std::to_string(limits_.max_visits) + " playouts (--max-visits)",
                         "engine");
    if (!q.game)
      throw RequestError(400, "a player without a network needs the query's 'game'", "game");
    EngineOptions options;
    options.player = spec.to_string();
    options.game = games_.get({*q.game, q.rules.value_or("default"), q.set});
    options.search = search_;
    options.seed = seed_;
    player_context = std::make_unique<EngineContext>(options);
    context = player_context.get();
  }
  if (q.action == AnalysisQuery::Action::kQueryVersion)
    return {200,
            {{"id", q.id},
             {"action", "query_version"},
             {"protocolVersion", kEngineProtocolVersion},
             {"engine", context->describe()}}};

  const std::string game_name = q.game.value_or(context->default_game()->name());
  if (q.rules) check_shipped_rules(game_name, *q.rules);
  if (network) {
    if (q.max_visits > limits_.max_visits)
      throw RequestError(400,
                         "maxVisits " + std::to_string(q.max_visits) +
                             " is above this server's limit of " +
                             std::to_string(limits_.max_visits) + " (--max-visits)",
                         "maxVisits");
    if (q.max_time_ms > limits_.max_time_ms)
      throw RequestError(400,
                         "maxTimeMs " + number_text(q.max_time_ms) +
                             " is above this server's limit of " +
                             number_text(limits_.max_time_ms) + " (--max-time-ms)",
                         "maxTimeMs");
    // A query without a budget searches the network's default visits (as the
    // engine does); every search also stops at the server's time limit.
    if (q.max_visits == 0 && q.max_time_ms == 0)
      q.max_visits = std::min(context->default_visits(), limits_.max_visits);
    if (q.max_time_ms == 0) q.max_time_ms = limits_.max_time_ms;
  }
  std::string key = game_name + "\n" + q.rules.value_or("");
  for (const std::string& s : q.set) key += "\n" + s;
  const bool new_rule_set = network && admit_rule_set(*network, key);
  json answer = answer_query(*context, q);
  const bool failed = answer.contains("error");
  // A rule set the network could not serve (another game, another board)
  // holds no cache: it does not count.
  if (failed && new_rule_set) forget_rule_set(*network, key);
  return {failed ? 400 : 200, std::move(answer)};
}

}  // namespace inchzero
