#include "engine/analysis_engine.h"

#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/quoted_text.h"
#include "core/thread_pool.h"
#include "engine/analysis_answer.h"

namespace inchzero {
namespace {

using json = nlohmann::ordered_json;

// Ids of the queries not answered yet, each with its stop flag.
class RunningQueries {
 public:
  std::shared_ptr<std::atomic<bool>> add(const std::string& id) {
    auto flag = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard<std::mutex> lock(mutex_);
    flags_.emplace(id, flag);
    return flag;
  }
  void remove(const std::string& id, const std::shared_ptr<std::atomic<bool>>& flag) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [begin, end] = flags_.equal_range(id);
    for (auto it = begin; it != end; ++it)
      if (it->second == flag) {
        flags_.erase(it);
        return;
      }
  }
  // Stop the queries with `id` (all of them when `id` is null); how many.
  int stop(const std::string* id) {
    std::lock_guard<std::mutex> lock(mutex_);
    int n = 0;
    for (auto& [key, flag] : flags_)
      if (!id || key == *id) {
        flag->store(true);
        ++n;
      }
    return n;
  }

 private:
  std::mutex mutex_;
  std::multimap<std::string, std::shared_ptr<std::atomic<bool>>> flags_;
};

}  // namespace

json answer_query(EngineContext& context, const AnalysisQuery& q, const std::atomic<bool>* stop) {
  try {
    const std::string rules_field = q.rules ? "rules" : (q.set.empty() ? "game" : "set");
    const auto game =
        about(q.id, rules_field, [&] { return context.game_for(q.game, q.rules, q.set); });
    const std::unique_ptr<State> state = query_position(*game, q, context.replays());
    if (!context.has_network()) {
      // A player without search statistics names its move only.
      const uint64_t seed = std::hash<std::string>()(q.id) ^ state->hash();
      const Move move = context.make_player(game, seed)->choose_move(*state);
      const std::string text = state->move_to_string(move);
      return {{"id", q.id},
              {"isDuringSearch", false},
              {"turnNumber", q.moves.size()},
              {"position", state->to_position()},
              {"bestMove", text},
              {"moveInfos", json::array({{{"move", text}, {"order", 0}}})},
              {"rootInfo", {{"currentPlayer", state->current_player()}}}};
    }
    return search_answer(q, *state, *context.make_searcher(game), context.default_visits(), stop);
  } catch (const QueryError& e) {
    return error_json(q.id, e.field, e.what());
  } catch (const GameError& e) {
    return error_json(q.id, "", e.what());
  } catch (const std::bad_alloc&) {
    return error_json(q.id, "", "out of memory while answering this query");
  }
}

void serve_analysis(EngineContext& context, std::istream& in, std::ostream& out,
                    const AnalysisEngineOptions& options) {
  std::mutex out_mutex;
  auto write = [&](const json& answer) {
    const std::string line = answer.dump(-1, ' ', false, json::error_handler_t::replace);
    std::lock_guard<std::mutex> lock(out_mutex);
    out << line << '\n' << std::flush;
  };
  // Up to `threads` searches at once (they wait on the network, not only
  // compute, so more than the cores can pay); later queries wait their turn.
  ThreadPool searches(std::max(1, options.threads));
  RunningQueries running;

  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    AnalysisQuery query;
    try {
      query = parse_analysis_query(line);
    } catch (const QueryError& e) {
      write(error_json(e.id, e.field, e.what()));
      continue;
    }
    switch (query.action) {
      case AnalysisQuery::Action::kQueryVersion:
        write({{"id", query.id},
               {"action", "query_version"},
               {"protocolVersion", kEngineProtocolVersion},
               {"engine", context.describe()}});
        break;
      case AnalysisQuery::Action::kTerminate:
      case AnalysisQuery::Action::kTerminateAll: {
        const bool all = query.action == AnalysisQuery::Action::kTerminateAll;
        const int stopped = running.stop(all ? nullptr : &query.terminate_id);
        json ack = {{"id", query.id},
                    {"action", all ? "terminate_all" : "terminate"},
                    {"stopped", stopped}};
        if (!all) ack["terminateId"] = query.terminate_id;
        write(ack);
        break;
      }
      case AnalysisQuery::Action::kAnalyse: {
        auto flag = running.add(query.id);
        searches.submit([&, query, flag] {
          json answer = answer_query(context, query, flag.get());
          running.remove(query.id, flag);
          if (flag->load() && !answer.contains("error")) answer["terminated"] = true;
          write(answer);
        });
        break;
      }
    }
  }
  searches.wait();
}

}  // namespace inchzero
