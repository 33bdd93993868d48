// One line of the analysis protocol (docs/engine-protocol.md), parsed and
// checked. Names follow KataGo's analysis engine where the concept is the
// same (id, moves, initialPosition, maxVisits, includePolicy, analysisPVLen,
// action: terminate / terminate_all / query_version).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace inchzero {

// The protocol's version: bump it when a key changes meaning or disappears.
constexpr int kEngineProtocolVersion = 1;

struct AnalysisQuery {
  enum class Action { kAnalyse, kTerminate, kTerminateAll, kQueryVersion };
  std::string id;
  Action action = Action::kAnalyse;
  std::string terminate_id;  // kTerminate: the query to stop

  // The game and rules; unset = the engine's (the network's) own.
  std::optional<std::string> game;
  std::optional<std::string> rules;  // a shipped rule set or a label, "menke+max_plies=200"
  std::vector<std::string> set;      // "key=value" overrides on top
  std::optional<std::string> initial_position;  // in the game's position notation
  std::vector<std::string> moves;  // full moves in the game's notation, played in order

  int max_visits = 0;      // 0: not given
  double max_time_ms = 0;  // 0: not given
  bool include_policy = false;
  int pv_moves = 10;  // analysisPVLen
};

// A query that cannot be served; `field` names the key at fault when known,
// `id` is empty when the line could not be read far enough to find it.
struct QueryError : std::runtime_error {
  QueryError(std::string query_id, std::string field_name, const std::string& message)
      : std::runtime_error(message), id(std::move(query_id)), field(std::move(field_name)) {}
  std::string id;
  std::string field;
};

// Parse one line. Throws QueryError on malformed JSON, a missing or
// non-string id, an unknown key, a value of the wrong type or out of range.
AnalysisQuery parse_analysis_query(const std::string& line);

}  // namespace inchzero
