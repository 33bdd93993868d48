// The analysis engine (`inchzero analyse`): one JSON query per line in, one
// JSON answer per line out (docs/engine-protocol.md). In the spirit of
// KataGo's analysis engine: queries run concurrently (up to `threads` at
// once), answers carry the query's id and come in the order searches end,
// a `terminate` query stops one search early (it still answers with what it
// found), and a bad query gets {"id", "error", "field"} while the engine
// keeps serving.
#pragma once

#include <iosfwd>
#include <nlohmann/json_fwd.hpp>

#include "engine/analysis_query.h"
#include "engine/engine_context.h"
#include "engine/position_analysis.h"

namespace inchzero {

struct AnalysisEngineOptions {
  int threads = 2;  // queries searched at once
};

// Serve `in` until it ends, then wait for the searches in flight, answer
// them and return. Each answer is written whole, as one line, and flushed.
void serve_analysis(EngineContext& context, std::istream& in, std::ostream& out,
                    const AnalysisEngineOptions& options = {});

// One analysis query answered synchronously (the protocol's answer object,
// or an {"id", "error"} object). Used by serve_analysis and the bench.
nlohmann::ordered_json answer_query(EngineContext& context, const AnalysisQuery& query,
                                    const std::atomic<bool>* stop = nullptr);

}  // namespace inchzero
