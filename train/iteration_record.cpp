#include "train/iteration_record.h"

#include <algorithm>

#include "core/game.h"

namespace inchzero {
namespace {

// The typed keys of a line; everything else at the top level is the
// evaluation's.
constexpr const char* kIteration = "iteration";
constexpr const char* kTime = "time";
constexpr const char* kElapsedMinutes = "elapsed_minutes";
constexpr const char* kIterationSeconds = "iteration_seconds";
constexpr const char* kNetwork = "network";
constexpr const char* kSelfplay = "selfplay";
constexpr const char* kTrain = "train";
constexpr const char* kReplay = "replay";

// `line[key]` read into `value` when there, checked for its type.
template <class T>
void read_key(const nlohmann::json& line, const char* key, T& value, const std::string& where) {
  const auto it = line.find(key);
  if (it == line.end() || it->is_null()) return;
  const bool fits = std::is_same_v<T, std::string> ? it->is_string() : it->is_number();
  if (!fits)
    throw GameError(where + ": '" + key + "' is " + it->type_name() + ", not " +
                    (std::is_same_v<T, std::string> ? "a string" : "a number"));
  it->get_to(value);
}

// A phase report: an object or nothing.
void read_report(const nlohmann::json& line, const char* key, nlohmann::json& report,
                 const std::string& where) {
  const auto it = line.find(key);
  if (it == line.end() || it->is_null()) return;
  if (!it->is_object())
    throw GameError(where + ": '" + key + "' is " + it->type_name() + ", not an object");
  report = *it;
}

}  // namespace

std::optional<double> IterationRecord::cumulative_elo() const {
  static const nlohmann::json::json_pointer pointer("/elo/cumulative");
  if (!evaluation.contains(pointer) || !evaluation.at(pointer).is_number()) return std::nullopt;
  return evaluation.at(pointer).get<double>();
}

nlohmann::json IterationRecord::to_json() const {
  nlohmann::json line = evaluation;
  if (iteration >= 0) line[kIteration] = iteration;
  if (!time.empty()) line[kTime] = time;
  if (iteration >= 0) line[kElapsedMinutes] = elapsed_minutes;
  line[kIterationSeconds] = iteration_seconds;
  if (!network.empty()) line[kNetwork] = network;
  if (!selfplay.is_null()) line[kSelfplay] = selfplay;
  if (!train.is_null()) line[kTrain] = train;
  if (!replay.is_null()) line[kReplay] = replay;
  return line;
}

IterationRecord IterationRecord::from_json(const nlohmann::json& line, const std::string& where) {
  if (!line.is_object()) throw GameError(where + ": not a JSON object");
  IterationRecord r;
  read_key(line, kIteration, r.iteration, where);
  read_key(line, kTime, r.time, where);
  read_key(line, kElapsedMinutes, r.elapsed_minutes, where);
  read_key(line, kIterationSeconds, r.iteration_seconds, where);
  read_key(line, kNetwork, r.network, where);
  read_report(line, kSelfplay, r.selfplay, where);
  read_report(line, kTrain, r.train, where);
  read_report(line, kReplay, r.replay, where);
  for (const auto& item : line.items()) {
    static const char* const kTyped[] = {kIteration, kTime,     kElapsedMinutes, kIterationSeconds,
                                         kNetwork,   kSelfplay, kTrain,          kReplay};
    if (std::find(std::begin(kTyped), std::end(kTyped), item.key()) == std::end(kTyped))
      r.evaluation[item.key()] = item.value();
  }
  return r;
}

}  // namespace inchzero
