#include "engine/analysis_query.h"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/json_input.h"
#include "core/quoted_text.h"

namespace inchzero {
namespace {

// Queries are read, never written: key order does not matter.
using QueryJson = nlohmann::json;

// Typed readers: each throws QueryError naming the key.
struct Reader {
  const std::string& id;

  std::string text(const std::string& key, const QueryJson& v) const {
    if (!v.is_string()) throw QueryError(id, key, "'" + key + "' must be a string");
    return v.get<std::string>();
  }
  std::vector<std::string> texts(const std::string& key, const QueryJson& v) const {
    if (!v.is_array()) throw QueryError(id, key, "'" + key + "' must be an array of strings");
    std::vector<std::string> out;
    for (size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string())
        throw QueryError(
            id, key,
            "'" + key + "[" + std::to_string(i) + "]' must be a string, not " + json_excerpt(v[i]));
      out.push_back(v[i].get<std::string>());
    }
    return out;
  }
  double number(const std::string& key, const QueryJson& v, double min, double max) const {
    if (!v.is_number()) throw QueryError(id, key, "'" + key + "' must be a number");
    const double x = v.get<double>();
    if (!(x >= min && x <= max))
      throw QueryError(id, key,
                       "'" + key + "' must be in [" + QueryJson(min).dump() + ", " +
                           QueryJson(max).dump() + "], not " + json_excerpt(v));
    return x;
  }
  int integer(const std::string& key, const QueryJson& v, int min, int max) const {
    if (!v.is_number_integer()) throw QueryError(id, key, "'" + key + "' must be an integer");
    const int64_t x = v.get<int64_t>();
    if (x < min || x > max)
      throw QueryError(id, key,
                       "'" + key + "' must be in [" + std::to_string(min) + ", " +
                           std::to_string(max) + "], not " + json_excerpt(v));
    return static_cast<int>(x);
  }
  bool boolean(const std::string& key, const QueryJson& v) const {
    if (!v.is_boolean()) throw QueryError(id, key, "'" + key + "' must be true or false");
    return v.get<bool>();
  }
};

using Setter = std::function<void(AnalysisQuery&, const Reader&, const QueryJson&)>;

// Every key of a query, once.
const std::vector<std::pair<std::string, Setter>>& query_keys() {
  static const std::vector<std::pair<std::string, Setter>> keys = {
      {"id", [](AnalysisQuery&, const Reader&, const QueryJson&) {}},
      {"action",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         const std::string a = r.text("action", v);
         if (a == "analyse" || a == "analyze")
           q.action = AnalysisQuery::Action::kAnalyse;
         else if (a == "terminate")
           q.action = AnalysisQuery::Action::kTerminate;
         else if (a == "terminate_all")
           q.action = AnalysisQuery::Action::kTerminateAll;
         else if (a == "query_version")
           q.action = AnalysisQuery::Action::kQueryVersion;
         else
           throw QueryError(q.id, "action",
                            "unknown action '" + quoted_excerpt(a) +
                                "' (known: analyse, terminate, terminate_all, query_version)");
       }},
      {"terminateId", [](AnalysisQuery& q, const Reader& r,
                         const QueryJson& v) { q.terminate_id = r.text("terminateId", v); }},
      {"game",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) { q.game = r.text("game", v); }},
      {"rules",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) { q.rules = r.text("rules", v); }},
      {"set",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) { q.set = r.texts("set", v); }},
      {"initialPosition",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         q.initial_position = r.text("initialPosition", v);
       }},
      {"moves", [](AnalysisQuery& q, const Reader& r,
                   const QueryJson& v) { q.moves = r.texts("moves", v); }},
      {"maxVisits",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         q.max_visits = r.integer("maxVisits", v, 1, 1'000'000);
       }},
      {"maxTimeMs",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         q.max_time_ms = r.number("maxTimeMs", v, 1, 86'400'000);
       }},
      {"includePolicy",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         q.include_policy = r.boolean("includePolicy", v);
       }},
      {"analysisPVLen",
       [](AnalysisQuery& q, const Reader& r, const QueryJson& v) {
         q.pv_moves = r.integer("analysisPVLen", v, 1, 1000);
       }},
  };
  return keys;
}

}  // namespace

AnalysisQuery parse_analysis_query(const std::string& line) {
  const JsonInput in = parse_json_input(line);
  if (!in.ok()) throw QueryError("", "", in.problem);
  const QueryJson& root = in.value;
  if (!root.is_object()) throw QueryError("", "", "a query must be a JSON object");
  AnalysisQuery query;
  auto id = root.find("id");
  if (id == root.end()) throw QueryError("", "id", "the query has no 'id'");
  if (!id->is_string()) throw QueryError("", "id", "'id' must be a string");
  query.id = id->get<std::string>();
  const Reader reader{query.id};
  const auto& keys = query_keys();
  for (const auto& item : root.items()) {
    // Named copies, not a structured binding: a lambda may not capture one
    // before C++20 (clang refuses; the fuzz build uses clang).
    const std::string key = item.key();
    const QueryJson& value = item.value();
    auto it = std::find_if(keys.begin(), keys.end(), [&](const auto& k) { return k.first == key; });
    if (it == keys.end()) {
      std::string known;
      for (const auto& k : keys) known += (known.empty() ? "" : ", ") + k.first;
      throw QueryError(query.id, key,
                       "unknown key '" + quoted_excerpt(key) + "' (known: " + known + ")");
    }
    it->second(query, reader, value);
  }
  if (query.action == AnalysisQuery::Action::kTerminate && query.terminate_id.empty())
    throw QueryError(query.id, "terminateId", "a terminate query needs 'terminateId'");
  return query;
}

}  // namespace inchzero
