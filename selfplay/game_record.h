// A finished self-play game as a compact record: what was played, what the
// search saw at every decision, and how the game ended. Stored many to a
// shard file (shard.h, docs/shard-format.md).
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace inchzero {

// One decision (not one full move: a compound move is several decisions).
struct DecisionRecord {
  // Flag bits.
  static constexpr uint8_t kFullSearch = 1;  // full search: a policy-training target
  static constexpr uint8_t kForced = 2;      // the only legal action: played without search
  // `visits` holds a Gumbel search's improved policy in units of 1/65535
  // rather than visit counts (normalised, both are the policy target).
  static constexpr uint8_t kImprovedPolicy = 4;
  // A uniformly random opening ply (selfplay.random_opening_plies): played
  // without search, so no training sample (`visits` is empty).
  static constexpr uint8_t kRandomOpening = 8;

  Action action = 0;  // the decision played
  int8_t player = 0;  // who made it
  uint8_t flags = 0;
  uint16_t num_legal = 0;  // legal actions at this decision
  float root_value = 0;    // search root: mean win - loss for `player`
  float root_draw = 0;     // search root: mean draw probability
  uint32_t root_visits = 0;
  // The search's visit counts over the legal actions that got any visit,
  // ascending by action (or the improved policy, see kImprovedPolicy).
  std::vector<std::pair<Action, uint32_t>> visits;

  bool full_search() const { return flags & kFullSearch; }
  bool operator==(const DecisionRecord& o) const;
};

struct GameRecord {
  std::string game;            // registry name
  std::string rules_label;     // RuleOptions::label()
  std::string rules_yaml;      // RuleOptions::to_yaml(): every option's value
  std::string network;         // which network played (id or backend description)
  std::string start_position;  // empty = the game's initial state
  uint64_t seed = 0;           // the game's own seed (derived from the run seed)
  int64_t game_index = 0;      // index within the run
  std::vector<DecisionRecord> decisions;

  // behaviour_fingerprint of the rules played under (core/rules_fingerprint.h):
  // what a run compares to take the record, whatever the rules' text says.
  // 0 = unknown (a shard version 1 record whose rules_yaml this build cannot
  // rebuild).
  uint64_t rules_fingerprint = 0;

  int winner = kNoPlayer;                   // 0, 1, or kNoPlayer for a draw
  EndReason end_reason = EndReason::kNone;  // State::end_reason(), or kResign
  int plies = 0;                            // full moves played
  // Both players' points at the end (State::points of the last position)
  // where the game keeps a score (keeps_score, core/game.h); else empty.
  std::vector<double> final_points;
  std::string final_state;  // State::to_json() of the last position, as JSON text
  bool resign_enabled = true;
  // Set when resignation was disabled for this game but a player's value
  // crossed the threshold: who would have resigned, and at which ply.
  int would_resign_player = kNoPlayer;
  int would_resign_ply = -1;
  // The self-play worker that played it (`inchzero selfplay --worker-id`);
  // empty for the run's own games.
  std::string worker;

  // A readable form (one JSON object: metadata, outcome, decisions).
  nlohmann::json to_json() const;
  bool operator==(const GameRecord& o) const;
};

// The shard format version encode_record writes (docs/shard-format.md).
constexpr uint32_t kRecordVersion = 2;
// The oldest version decode_record reads.
constexpr uint32_t kOldestRecordVersion = 1;

// Binary form of one record (docs/shard-format.md, "record payload"), in
// format kRecordVersion.
std::string encode_record(const GameRecord& record);
// Inverse of encode_record for a payload of format `version`; throws
// GameError("record: ...") if `bytes` is malformed. A version 1 payload has
// no typed outcome: its rules_fingerprint is computed from its rules_yaml
// (fingerprint_of_recorded_rules: 0 when this build cannot rebuild them), its
// final_points read from final_state's "scores" (empty without them).
GameRecord decode_record(const std::string& bytes, uint32_t version = kRecordVersion);

// The typed outcome of a record about to be written: `final_state`'s points
// when its game keeps a score (else none) and `rules_fingerprint`.
void set_typed_outcome(GameRecord& record, const State& final_state, uint64_t rules_fingerprint);

// A new record of a game of `game`'s rules played by `network` (a label)
// from `seed`: game, rules and index filled in, no decisions yet.
GameRecord begin_record(const Game& game, const std::string& network, uint64_t seed,
                        int64_t game_index);

// Close `record` on its last position: winner, end reason, plies, the typed
// outcome (set_typed_outcome) and final_state (empty for a game without a
// JSON view of its positions).
void end_record(GameRecord& record, const State& final_state, int winner, EndReason end_reason,
                uint64_t rules_fingerprint);

}  // namespace inchzero
