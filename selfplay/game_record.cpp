#include "selfplay/game_record.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/json_input.h"
#include "core/rules_fingerprint.h"
#include "selfplay/byte_io.h"

namespace inchzero {

bool DecisionRecord::operator==(const DecisionRecord& o) const {
  return action == o.action && player == o.player && flags == o.flags && num_legal == o.num_legal &&
         root_value == o.root_value && root_draw == o.root_draw && root_visits == o.root_visits &&
         visits == o.visits;
}

bool GameRecord::operator==(const GameRecord& o) const {
  return game == o.game && rules_label == o.rules_label && rules_yaml == o.rules_yaml &&
         network == o.network && start_position == o.start_position && seed == o.seed &&
         game_index == o.game_index && decisions == o.decisions && winner == o.winner &&
         end_reason == o.end_reason && plies == o.plies && final_state == o.final_state &&
         rules_fingerprint == o.rules_fingerprint && final_points == o.final_points &&
         resign_enabled == o.resign_enabled && would_resign_player == o.would_resign_player &&
         would_resign_ply == o.would_resign_ply && worker == o.worker;
}

namespace {

// Everything but the decisions, as the JSON "meta" block of the payload.
nlohmann::json meta_json(const GameRecord& r) {
  nlohmann::json final_state = nullptr;
  if (!r.final_state.empty()) final_state = nlohmann::json::parse(r.final_state);
  nlohmann::json j = {{"game", r.game},
                      {"rules_label", r.rules_label},
                      {"rules_yaml", r.rules_yaml},
                      {"network", r.network},
                      {"start_position", r.start_position},
                      {"seed", r.seed},
                      {"game_index", r.game_index},
                      {"winner", r.winner},
                      {"end_reason", r.end_reason},
                      {"plies", r.plies},
                      {"final_points", r.final_points},
                      {"rules_fingerprint", fingerprint_hex(r.rules_fingerprint)},
                      {"final_state", final_state},
                      {"resign_enabled", r.resign_enabled},
                      {"would_resign_player", r.would_resign_player},
                      {"would_resign_ply", r.would_resign_ply}};
  // Only extra workers' games carry it, so the run's own records (and the
  // shards of older builds) stay byte for byte what they were.
  if (!r.worker.empty()) j["worker"] = r.worker;
  return j;
}

}  // namespace

nlohmann::json GameRecord::to_json() const {
  nlohmann::json j = meta_json(*this);
  j["num_decisions"] = decisions.size();
  nlohmann::json& list = j["decisions"] = nlohmann::json::array();
  for (const auto& d : decisions) {
    nlohmann::json visits = nlohmann::json::array();
    for (const auto& [a, n] : d.visits) visits.push_back({a, n});
    list.push_back({{"action", d.action},
                    {"player", d.player},
                    {"full_search", d.full_search()},
                    {"forced", bool(d.flags & DecisionRecord::kForced)},
                    {"random_opening", bool(d.flags & DecisionRecord::kRandomOpening)},
                    {"num_legal", d.num_legal},
                    {"root_value", d.root_value},
                    {"root_draw", d.root_draw},
                    {"root_visits", d.root_visits},
                    {"visits", visits}});
  }
  return j;
}

std::string encode_record(const GameRecord& r) {
  std::string out;
  // 1. Metadata and outcome as JSON.
  const std::string meta = meta_json(r).dump();
  bytes::put<uint32_t>(out, static_cast<uint32_t>(meta.size()));
  out += meta;
  // 2. One fixed 24-byte row per decision.
  bytes::put<uint32_t>(out, static_cast<uint32_t>(r.decisions.size()));
  for (const auto& d : r.decisions) {
    bytes::put<int32_t>(out, d.action);
    bytes::put<int8_t>(out, d.player);
    bytes::put<uint8_t>(out, d.flags);
    bytes::put<uint16_t>(out, d.num_legal);
    bytes::put<float>(out, d.root_value);
    bytes::put<float>(out, d.root_draw);
    bytes::put<uint32_t>(out, d.root_visits);
    bytes::put<uint32_t>(out, static_cast<uint32_t>(d.visits.size()));
  }
  // 3. Every decision's (action, visits) pairs, in decision order.
  for (const auto& d : r.decisions) {
    for (const auto& [a, n] : d.visits) {
      bytes::put<int32_t>(out, a);
      bytes::put<uint32_t>(out, n);
    }
  }
  return out;
}

namespace {

// An integer field of the metadata, in range for T. nlohmann's get<T>() of a
// number that is fractional or out of range is undefined behaviour (found by
// fuzz/fuzz_record.cpp: 1.9e19 read as a uint64_t).
template <class T>
T integer_field(const nlohmann::json& meta, const char* key) {
  const nlohmann::json& v = meta.at(key);
  bool fits = false;
  if (v.is_number_unsigned()) {
    fits = v.get<uint64_t>() <= static_cast<uint64_t>(std::numeric_limits<T>::max());
  } else if (v.is_number_integer()) {
    const int64_t x = v.get<int64_t>();
    fits =
        x >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
        (x < 0 || static_cast<uint64_t>(x) <= static_cast<uint64_t>(std::numeric_limits<T>::max()));
  }
  if (!fits)
    throw GameError(std::string("record: bad metadata: '") + key +
                    "' is not an integer in range: " + v.dump());
  return v.is_number_unsigned() ? static_cast<T>(v.get<uint64_t>())
                                : static_cast<T>(v.get<int64_t>());
}

// Both players' points from a version 1 record's final_state "scores" (empty
// when it has none): the typed final points those records lack.
std::vector<double> points_of_final_state(const std::string& final_state_json) {
  if (final_state_json.empty()) return {};
  const JsonInput read = parse_json_input(final_state_json);
  const nlohmann::json& state = read.value;
  if (!read.ok() || !state.is_object() || !state.contains("scores")) return {};
  const nlohmann::json& scores = state["scores"];
  if (!scores.is_array() || scores.size() != 2 || !scores[0].is_number() ||
      !scores[1].is_number()) {
    return {};
  }
  return {scores[0].get<double>(), scores[1].get<double>()};
}

// A version 2 record's typed outcome from its metadata.
void read_typed_outcome(const nlohmann::json& meta, GameRecord& r) {
  const std::string hex = meta.at("rules_fingerprint").get<std::string>();
  if (hex.size() != 16 || !std::all_of(hex.begin(), hex.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
      }))
    throw GameError("record: bad metadata: 'rules_fingerprint' is not 16 hex digits: " + hex);
  r.rules_fingerprint = std::strtoull(hex.c_str(), nullptr, 16);
  const nlohmann::json& points = meta.at("final_points");
  if (!points.is_array() || (points.size() != 0 && points.size() != 2))
    throw GameError("record: bad metadata: 'final_points' is not a list of 0 or 2 numbers: " +
                    points.dump());
  for (const nlohmann::json& p : points) {
    if (!p.is_number() || !std::isfinite(p.get<double>()))
      throw GameError("record: bad metadata: 'final_points' holds a non-number: " + points.dump());
    r.final_points.push_back(p.get<double>());
  }
}

}  // namespace

void set_typed_outcome(GameRecord& record, const State& final_state, uint64_t rules_fingerprint) {
  record.rules_fingerprint = rules_fingerprint;
  record.final_points.clear();
  if (keeps_score(final_state)) {
    record.final_points = {final_state.points(0), final_state.points(1)};
  }
}

GameRecord begin_record(const Game& game, const std::string& network, uint64_t seed,
                        int64_t game_index) {
  GameRecord record;
  record.game = game.name();
  record.rules_label = game.options().label();
  record.rules_yaml = game.options().to_yaml();
  record.network = network;
  record.seed = seed;
  record.game_index = game_index;
  return record;
}

void end_record(GameRecord& record, const State& final_state, int winner, EndReason end_reason,
                uint64_t rules_fingerprint) {
  record.winner = winner;
  record.end_reason = end_reason;
  record.plies = final_state.ply();
  set_typed_outcome(record, final_state, rules_fingerprint);
  try {
    record.final_state = final_state.to_json().dump();
  } catch (const std::exception&) {
    record.final_state.clear();  // a game without a JSON view of this position
  }
}

GameRecord decode_record(const std::string& data, uint32_t version) {
  if (version < kOldestRecordVersion || version > kRecordVersion)
    throw GameError("record: unsupported format version " + std::to_string(version));
  bytes::Reader in(data.data(), data.size(), "record");
  GameRecord r;
  // 1. Metadata.
  const auto meta_size = in.get<uint32_t>("metadata size");
  const std::string meta_text = in.get_bytes(meta_size, "metadata");
  try {
    const auto meta = parse_json_or_throw(meta_text, "the metadata");
    r.game = meta.at("game").get<std::string>();
    r.rules_label = meta.at("rules_label").get<std::string>();
    r.rules_yaml = meta.at("rules_yaml").get<std::string>();
    r.network = meta.at("network").get<std::string>();
    r.start_position = meta.at("start_position").get<std::string>();
    r.seed = integer_field<uint64_t>(meta, "seed");
    r.game_index = integer_field<int64_t>(meta, "game_index");
    r.winner = integer_field<int>(meta, "winner");
    r.end_reason = meta.at("end_reason").get<EndReason>();
    r.plies = integer_field<int>(meta, "plies");
    const auto& final_state = meta.at("final_state");
    r.final_state = final_state.is_null() ? "" : final_state.dump();
    r.resign_enabled = meta.at("resign_enabled").get<bool>();
    r.would_resign_player = integer_field<int>(meta, "would_resign_player");
    r.would_resign_ply = integer_field<int>(meta, "would_resign_ply");
    r.worker = meta.value("worker", std::string());
    if (version >= 2) {
      read_typed_outcome(meta, r);
    } else {
      r.final_points = points_of_final_state(r.final_state);
      r.rules_fingerprint = fingerprint_of_recorded_rules(r.game, r.rules_yaml);
    }
  } catch (const nlohmann::json::exception& e) {
    throw GameError(std::string("record: bad metadata: ") + e.what());
  }
  // 2. Decision rows, then 3. the visit pairs they announce.
  const auto n = in.get<uint32_t>("decision count");
  if (n > in.remaining() / 24)
    throw GameError("record: decision count " + std::to_string(n) + " exceeds the payload");
  r.decisions.resize(n);
  std::vector<uint32_t> entries(n);
  for (uint32_t i = 0; i < n; ++i) {
    DecisionRecord& d = r.decisions[i];
    d.action = in.get<int32_t>("decision action");
    d.player = in.get<int8_t>("decision player");
    d.flags = in.get<uint8_t>("decision flags");
    d.num_legal = in.get<uint16_t>("decision legal count");
    d.root_value = in.get<float>("decision root value");
    d.root_draw = in.get<float>("decision root draw");
    // A value that is not a number is damage (found by fuzz/fuzz_record.cpp):
    // NaN would also make the record unequal to itself.
    if (!std::isfinite(d.root_value) || !std::isfinite(d.root_draw))
      throw GameError("record: decision " + std::to_string(i) +
                      " has a root value or draw "
                      "probability that is not a finite number");
    d.root_visits = in.get<uint32_t>("decision root visits");
    entries[i] = in.get<uint32_t>("decision visit count");
  }
  for (uint32_t i = 0; i < n; ++i) {
    if (entries[i] > in.remaining() / 8) throw GameError("record: visit list exceeds the payload");
    r.decisions[i].visits.resize(entries[i]);
    for (auto& [a, count] : r.decisions[i].visits) {
      a = in.get<int32_t>("visit action");
      count = in.get<uint32_t>("visit count");
    }
  }
  if (in.remaining() != 0) {
    throw GameError("record: " + std::to_string(in.remaining()) +
                    " unexpected bytes after the visits");
  }
  return r;
}

}  // namespace inchzero
