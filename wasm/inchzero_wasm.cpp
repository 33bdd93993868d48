// The C functions web/inchzero.js calls (Module.ccall). Every call takes and
// returns JSON text, the same requests and answers as `inchzero serve`'s
// /api/position and `inchzero analyse` (docs/ui.md, docs/engine-protocol.md),
// computed by the same code; an error is {"error", "field"}. A returned
// pointer is valid until the next call.
#include <emscripten/emscripten.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "core/registry.h"
#include "engine/analysis_answer.h"
#include "engine/analysis_query.h"
#include "engine/replay_cache.h"
#include "model/encoder.h"
#include "selfplay/eval_cache.h"
#include "selfplay/searcher.h"
#include "server/game_catalog.h"
#include "server/game_rules.h"
#include "server/json_body.h"
#include "server/position_request.h"
#include "server/position_view.h"
#include "server/record_view.h"
#include "server/request_error.h"
#include "wasm/js_backend.h"
#include "wasm/rule_table.h"

namespace inchzero {
namespace {

using json = nlohmann::ordered_json;

// The network the page loaded: the game and rules it was trained under.
struct LoadedNetwork {
  std::shared_ptr<const Game> game;
  int input_size = 0, num_actions = 0;
  // Per rule label: the game built once and its evaluation cache, kept
  // across queries (a game's moves are searched again and again).
  struct Slot {
    std::shared_ptr<const Game> game;
    std::shared_ptr<EvalCache> cache;
  };
  std::map<std::string, Slot> slots;
};

struct Session {
  GameCache games;
  ReplayCache replays;
  std::unique_ptr<LoadedNetwork> network;
  std::string answer;  // what the last call returned
};

Session& session() {
  static Session s;
  return s;
}

const char* reply(const json& value) {
  session().answer = value.dump(-1, ' ', false, json::error_handler_t::replace);
  return session().answer.c_str();
}

// Runs `step`, answering its JSON or the error it threw.
template <class F>
const char* answer(F&& step) {
  try {
    return reply(step());
  } catch (const RequestError& e) {
    return reply(error_json("", e.field, e.what()));
  } catch (const QueryError& e) {
    return reply(error_json(e.id, e.field, e.what()));
  } catch (const std::exception& e) {
    return reply(error_json("", "", e.what()));
  }
}

json planes_json(const Game& game, const State& state) {
  const auto encoder = make_encoder(game);
  const ObservationShape shape = encoder->shape();
  std::vector<float> planes(static_cast<size_t>(shape.size()));
  encoder->encode(state, 0, planes.data());
  return {{"shape", {shape.channels, shape.height, shape.width}}, {"planes", planes}};
}

// Whether the network's input and actions are those of `game`.
bool fits(const LoadedNetwork& network, const Game& game) {
  return game.name() == network.game->name() &&
         make_encoder(game)->shape().size() == network.input_size &&
         game.num_actions() == network.num_actions;
}

// A position request (as POST /api/position), checked.
PositionRequest position_request(const char* body) {
  return parse_position_request(JsonBody(body, position_request_keys()));
}

// The game a query plays (the network's when the query names none), with its cache.
const LoadedNetwork::Slot& query_slot(const AnalysisQuery& q, LoadedNetwork& network) {
  const std::string name = q.game ? *q.game : network.game->name();
  if (name != network.game->name())
    throw QueryError(q.id, "game", "the network plays " + network.game->name() + ", not " + name);
  std::string label = q.rules ? *q.rules : network.game->options().label();
  for (const std::string& s : q.set) label += "+" + s;
  const auto found = network.slots.find(label);
  if (found != network.slots.end()) return found->second;
  const auto game =
      about(q.id, q.rules ? "rules" : "set", [&] { return load_game_from_label(name, label); });
  if (!fits(network, *game))
    throw QueryError(q.id, "rules",
                     "these rules change the board or the moves: the network does not fit them");
  const auto cache = std::make_shared<EvalCache>(SearchConfig{}.cache_entries);
  return network.slots.emplace(label, LoadedNetwork::Slot{game, cache}).first->second;
}

}  // namespace
}  // namespace inchzero

using namespace inchzero;

extern "C" {

// {game: {rule set: "key: value\n..."}} (rule-sets.json of an export).
EMSCRIPTEN_KEEPALIVE const char* iz_install_rule_sets(const char* sets) {
  return answer([&] {
    install_rule_sets(nlohmann::json::parse(sets));
    return json::object();
  });
}

// {"games": [...]}: every game, its rule sets and options (as /api/info).
EMSCRIPTEN_KEEPALIVE const char* iz_info() {
  return answer([] { return json{{"games", games_json()}}; });
}

// A position request (as POST /api/position) -> the position view.
EMSCRIPTEN_KEEPALIVE const char* iz_position(const char* body) {
  return answer([&] {
    const PositionRequest request = position_request(body);
    const auto game = session().games.get(request.rules);
    return position_view(*game, replay_request(*game, request));
  });
}

// A position request -> {"shape": [C, H, W], "planes": [...]}: the network's
// input for the position (identity symmetry), for the player to move.
EMSCRIPTEN_KEEPALIVE const char* iz_encode(const char* body) {
  return answer([&] {
    const PositionRequest request = position_request(body);
    const auto game = session().games.get(request.rules);
    const ReplayedPosition position = replay_request(*game, request);
    return planes_json(*game, *position.state);
  });
}

// {"game", "rules", "startPosition", "actions": [...]} (an export sample) ->
// {"legalActions", "player", "inCompoundMove", "terminal", "position", "shape",
// "planes"}: the rules' and the encoder's view of a decision sequence.
EMSCRIPTEN_KEEPALIVE const char* iz_replay_actions(const char* body) {
  return answer([&] {
    const nlohmann::json request = nlohmann::json::parse(body);
    const auto game = load_game_from_label(request.at("game").get<std::string>(),
                                           request.value("rules", std::string("default")));
    const std::string start = request.value("startPosition", std::string());
    std::unique_ptr<State> state =
        start.empty() ? game->initial_state() : game->state_from_position(start);
    for (const auto& a : request.at("actions")) {
      if (state->is_terminal()) throw GameError("an action after the end of the game");
      state->apply_action(a.get<Action>());
    }
    json out = {
        {"legalActions", state->is_terminal() ? std::vector<Action>{} : state->legal_actions()},
        {"player", state->current_player()},
        {"inCompoundMove", state->in_compound_move()},
        {"terminal", state->is_terminal()},
        {"position", state->to_position()}};
    if (!state->is_terminal()) out.update(planes_json(*game, *state));
    return out;
  });
}

// Game records (text or PGN) -> {"games": [...]} (as POST /api/records).
EMSCRIPTEN_KEEPALIVE const char* iz_records(const char* text) {
  return answer([&] { return text_records_json(text); });
}

// An export request (as POST /api/export) -> {"text": the record}.
EMSCRIPTEN_KEEPALIVE const char* iz_export_record(const char* body) {
  return answer([&] {
    const JsonBody request(body, export_request_keys());
    const PositionRequest parsed = parse_position_request(request);
    const std::string format = request.optional_text("format").value_or("text");
    const std::string players = request.optional_text("players").value_or("");
    return json{
        {"text", export_record(session().games.get(parsed.rules), parsed, format, players)}};
  });
}

// A position request -> {"fits": whether the loaded network plays its rules}.
EMSCRIPTEN_KEEPALIVE const char* iz_network_fits(const char* body) {
  return answer([&] {
    const PositionRequest request = position_request(body);
    const LoadedNetwork* network = session().network.get();
    if (!network) return json{{"fits", false}};
    const auto game = session().games.get(request.rules);
    return json{{"fits", fits(*network, *game)}};
  });
}

// {"game", "rules"}: the network the page evaluates (Module.izEvaluate) plays
// this game under these rules (a label, as the export's metadata names it).
EMSCRIPTEN_KEEPALIVE const char* iz_set_network(const char* body) {
  return answer([&] {
    const nlohmann::json request = nlohmann::json::parse(body);
    auto network = std::make_unique<LoadedNetwork>();
    network->game = load_game_from_label(request.at("game").get<std::string>(),
                                         request.at("rules").get<std::string>());
    network->input_size = make_encoder(*network->game)->shape().size();
    network->num_actions = network->game->num_actions();
    session().network = std::move(network);
    return json{{"game", session().network->game->name()},
                {"rules", session().network->game->options().label()}};
  });
}

// One analysis query (docs/engine-protocol.md) searched with the network:
// the protocol's answer. Suspends while the network evaluates (Asyncify):
// call it with ccall's {async: true}.
EMSCRIPTEN_KEEPALIVE const char* iz_analyse(const char* line) {
  return answer([&] {
    LoadedNetwork* network = session().network.get();
    if (!network) throw GameError("no network: iz_set_network first");
    const AnalysisQuery q = parse_analysis_query(line);
    if (q.action != AnalysisQuery::Action::kAnalyse)
      throw QueryError(q.id, "action", "only analysis queries are answered here");
    const LoadedNetwork::Slot& slot = query_slot(q, *network);
    const auto& game = slot.game;
    const std::unique_ptr<State> state = query_position(*game, q, session().replays);
    Searcher searcher(
        game, std::shared_ptr<const Encoder>(make_encoder(*game)),
        std::make_shared<JsBackend>(BackendShape{network->input_size, network->num_actions}),
        SearchConfig{}, 1, slot.cache);
    return search_answer(q, *state, searcher, 64, nullptr);
  });
}

}  // extern "C"
