#include "server/record_view.h"

#include <optional>

#include "core/records/pgn.h"
#include "core/records/text_record.h"
#include "server/game_rules.h"
#include "server/request_error.h"

namespace inchzero {
namespace {
using json = nlohmann::ordered_json;
}  // namespace

nlohmann::ordered_json played_game_json(const PlayedGame& game) {
  const RulesChoice rules = rules_choice_of(*game.game);
  json origin = json::object();
  if (!game.origin.event.empty()) origin["event"] = game.origin.event;
  if (!game.origin.network.empty()) origin["network"] = game.origin.network;
  if (game.origin.seed) origin["seed"] = std::to_string(*game.origin.seed);
  if (game.origin.game_index >= 0) origin["gameIndex"] = game.origin.game_index;
  if (!game.origin.source.empty()) origin["source"] = game.origin.source;
  if (game.origin.source_game >= 0) origin["sourceGame"] = game.origin.source_game;
  return {
      {"game", game.game->name()},
      {"rules", rules.rules},
      {"set", rules.set},
      {"rulesLabel", game.rules_label},
      {"initialPosition", game.start_position.empty() ? json(nullptr) : json(game.start_position)},
      {"moves", move_texts(game)},
      {"result", result_text(game.winner, game.end_reason)},
      {"winner", game.winner == kNoPlayer ? json(nullptr) : json(game.winner)},
      {"endReason",
       game.end_reason == EndReason::kNone ? json(nullptr) : json(to_string(game.end_reason))},
      {"origin", std::move(origin)}};
}

namespace {

// A record's Rules header may name a rule file; an uploaded record must not
// make the server read its disk, so every Rules label must be a shipped rule
// set of the record's game (the Option lines still give any values).
void check_record_rules(const std::string& text) {
  std::string game;
  size_t line_number = 0;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto value = [&](const std::string& key) -> std::optional<std::string> {
      if (line.rfind(key + ":", 0) != 0) return std::nullopt;
      const std::string v = line.substr(key.size() + 1);
      const size_t b = v.find_first_not_of(" \t");
      return b == std::string::npos ? "" : v.substr(b, v.find_last_not_of(" \t") - b + 1);
    };
    if (auto g = value("Game")) game = *g;
    if (auto rules = value("Rules")) {
      try {
        check_shipped_rules(game, *rules, "Rules");
      } catch (const RequestError& e) {
        throw RequestError(400, "the record:" + std::to_string(line_number) + ": " + e.what());
      }
    }
  }
}

}  // namespace

nlohmann::ordered_json text_records_json(const std::string& text) {
  check_record_rules(text);
  nlohmann::ordered_json games = nlohmann::ordered_json::array();
  try {
    for (const LoadedRecord& r : read_text_records(text, "the record"))
      games.push_back(played_game_json(r.game));
  } catch (const GameError& e) {
    throw RequestError(400, e.what());
  }
  if (games.empty()) throw RequestError(400, "the file holds no game record (no 'Game:' line)");
  return {{"games", std::move(games)}};
}

const std::vector<std::string>& export_request_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k = position_request_keys();
    k.push_back("format");
    k.push_back("players");
    return k;
  }();
  return keys;
}

std::string export_record(const std::shared_ptr<const Game>& game, const PositionRequest& request,
                          const std::string& format, const std::string& players) {
  if (format != "text" && format != "pgn")
    throw RequestError(400, "format must be 'text' or 'pgn', not '" + format + "'", "format");
  if (players.size() > 200) throw RequestError(400, "'players' is too long", "players");
  PositionRequest moves_only = request;
  moves_only.decisions.clear();
  const ReplayedPosition replayed = replay_request(*game, moves_only);
  PlayedGame record;
  record.game = game;
  record.rules_label = game->options().label();
  record.start_position = request.initial_position.value_or("");
  auto state = request.initial_position ? game->state_from_position(*request.initial_position)
                                        : game->initial_state();
  for (const std::string& text : replayed.move_texts) {
    record.moves.push_back(state->parse_move(text));
    state->apply_move(record.moves.back());
  }
  if (state->is_terminal()) {
    record.winner = state->winner();
    record.end_reason = state->end_reason();
  }
  record.origin.event = "inchzero serve";
  record.origin.network = players;
  try {
    if (format == "pgn") {
      if (!pgn_supports(*game))
        throw RequestError(400, "PGN holds the chess games only; save a text record", "format");
      return write_pgn(record);
    }
    return write_text_record(record);
  } catch (const GameError& e) {
    throw RequestError(400, e.what());
  }
}

}  // namespace inchzero
