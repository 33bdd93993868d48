// An analysis query's answer as the protocol writes it (docs/engine-protocol.md):
// the position a query names, searched by a Searcher, described as JSON. No
// threads, no network loading: the analysis engine (analysis_engine.cpp)
// and the WebAssembly build (wasm/) answer queries with the same code, so a
// browser answers as `inchzero analyse` does (up to the network's arithmetic).
#pragma once

#include <atomic>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/game.h"
#include "engine/analysis_query.h"
#include "engine/position_analysis.h"
#include "engine/replay_cache.h"
#include "selfplay/searcher.h"

namespace inchzero {

// Runs `step`, turning a GameError into a QueryError about `field`.
template <class F>
auto about(const std::string& id, const std::string& field, F&& step) {
  try {
    return step();
  } catch (const GameError& e) {
    throw QueryError(id, field, e.what());
  }
}

// The position a query names: its initial position (or the game's start),
// then its moves, each checked (QueryError naming the move otherwise).
// `replays` supplies and remembers the replayed prefixes.
std::unique_ptr<State> query_position(const Game& game, const AnalysisQuery& query,
                                      ReplayCache& replays);

// The answer object for `analysis` of `state` (the query's position).
nlohmann::ordered_json analysis_json(const AnalysisQuery& query, const State& state,
                                     const PositionAnalysis& analysis);

// {"id", "error", "field"}: `field` and `id` only when not empty.
nlohmann::ordered_json error_json(const std::string& id, const std::string& field,
                                  const std::string& message);

// Search the query's position (`state`) with `searcher` under the query's
// budget (its visits and time; neither: `default_visits`), stopping early
// when `stop` is set, and answer it. Throws GameError / QueryError.
nlohmann::ordered_json search_answer(const AnalysisQuery& query, const State& state,
                                     Searcher& searcher, int default_visits,
                                     const std::atomic<bool>* stop);

}  // namespace inchzero
