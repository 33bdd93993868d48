#include "engine/analysis_answer.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/quoted_text.h"

namespace inchzero {
namespace {

using json = nlohmann::ordered_json;

// Six decimals are plenty for probabilities and keep answers short.
double round6(double x) { return std::round(x * 1e6) / 1e6; }

// Answers are built by appending to reserved arrays and objects: nlohmann's
// initializer lists copy every nested value and made building the answer of a
// 64-visit search (some 40 candidates) cost as much as a tenth of the search
// itself; this way costs a quarter of that (docs/engine-protocol.md, "Speed").
json json_array(size_t reserve) {
  json j(json::value_t::array);
  j.get_ref<json::array_t&>().reserve(reserve);
  return j;
}

json wdl_json(const Wdl& wdl) {
  json j = json_array(3);
  auto& a = j.get_ref<json::array_t&>();
  for (double p : {wdl.win, wdl.draw, wdl.loss}) a.emplace_back(round6(p));
  return j;
}

// One entry of moveInfos.
json candidate_json(const CandidateMove& c, size_t order) {
  json info(json::value_t::object);
  auto& o = info.get_ref<json::object_t&>();
  o.reserve(10);
  o.emplace_back("move", c.text);
  o.emplace_back("order", order);
  o.emplace_back("visits", c.visits);
  o.emplace_back("prior", round6(c.prior));
  o.emplace_back("winrate", round6(c.wdl.win));
  o.emplace_back("wdl", wdl_json(c.wdl));
  o.emplace_back("expectedScore", round6(c.wdl.expected_score()));
  o.emplace_back("utility", round6(c.utility));
  json pv = json_array(c.pv.size());
  for (const std::string& move : c.pv) pv.get_ref<json::array_t&>().emplace_back(move);
  o.emplace_back("pv", std::move(pv));
  if (c.score_lead) o.emplace_back("scoreLead", *c.score_lead);
  return info;
}

}  // namespace

json error_json(const std::string& id, const std::string& field, const std::string& message) {
  json j;
  if (!id.empty()) j["id"] = id;
  j["error"] = safe_message(message);
  if (!field.empty()) j["field"] = quoted_excerpt(field);
  return j;
}

std::unique_ptr<State> query_position(const Game& game, const AnalysisQuery& q,
                                      ReplayCache& replays) {
  const std::string start = q.initial_position ? "position " + *q.initial_position : "start";
  // 1. The longest prefix of the moves a recent query already played.
  ReplayCache::Hit hit = replays.longest_prefix(game, start, q.moves);
  const bool whole = hit.state && hit.moves == q.moves.size();
  std::unique_ptr<State> state = std::move(hit.state);
  if (!state) {
    state = about(q.id, "initialPosition", [&] {
      return q.initial_position ? game.state_from_position(*q.initial_position)
                                : game.initial_state();
    });
  }
  // 2. The rest, each move checked.
  for (size_t i = hit.moves; i < q.moves.size(); ++i) {
    const std::string where =
        "moves[" + std::to_string(i) + "] '" + quoted_excerpt(q.moves[i]) + "'";
    if (state->is_terminal())
      throw QueryError(
          q.id, "moves",
          where + ": the game is already over (" + to_string(state->end_reason()) + ")");
    try {
      for (Action a : state->parse_move(q.moves[i])) state->apply_action(a);
    } catch (const GameError& e) {
      throw QueryError(q.id, "moves", where + ": " + with_input_quoted(e.what(), q.moves[i]));
    }
  }
  if (state->is_terminal())
    throw QueryError(q.id, "moves",
                     std::string("the game is over (") + to_string(state->end_reason()) + ")");
  if (!whole) replays.remember(game, start, q.moves, *state);
  return state;
}

json analysis_json(const AnalysisQuery& q, const State& state, const PositionAnalysis& a) {
  json infos = json_array(a.candidates.size());
  for (size_t i = 0; i < a.candidates.size(); ++i)
    infos.get_ref<json::array_t&>().push_back(candidate_json(a.candidates[i], i));
  json root = {
      {"visits", a.root_visits},           {"winrate", round6(a.root_wdl.win)},
      {"wdl", wdl_json(a.root_wdl)},       {"expectedScore", round6(a.root_wdl.expected_score())},
      {"utility", round6(a.root_utility)}, {"currentPlayer", a.current_player}};
  if (a.score_lead) root["scoreLead"] = *a.score_lead;
  json answer = {{"id", q.id},
                 {"isDuringSearch", false},
                 {"turnNumber", q.moves.size()},
                 {"position", state.to_position()},
                 {"bestMove", a.candidates.empty() ? "" : a.candidates.front().text},
                 {"moveInfos", std::move(infos)},
                 {"rootInfo", std::move(root)},
                 {"stopReason", a.stop_reason},
                 {"timeMs", std::round(a.elapsed_ms * 10) / 10}};
  if (q.include_policy) {
    json policy = json_array(a.policy.size());
    for (float p : a.policy)
      policy.get_ref<json::array_t&>().emplace_back(p < 0 ? -1.0 : round6(p));
    answer["policy"] = std::move(policy);
  }
  return answer;
}

json search_answer(const AnalysisQuery& q, const State& state, Searcher& searcher,
                   int default_visits, const std::atomic<bool>* stop) {
  SearchBudget budget;
  budget.max_visits = q.max_visits;
  budget.max_time_ms = q.max_time_ms;
  if (budget.max_visits == 0 && budget.max_time_ms == 0) budget.max_visits = default_visits;
  budget.stop = stop;
  AnalysisOptions options;
  options.pv_moves = q.pv_moves;
  options.with_policy = q.include_policy;
  const PositionAnalysis analysis = analyse_position(searcher, state, budget, options);
  return analysis_json(q, state, analysis);
}

}  // namespace inchzero
