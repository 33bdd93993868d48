// Why a game ended: one enum for every game, so that code below the output
// formats compares values, not words. Its text (to_string) appears only at
// the edges — records, PGN, JSON, what a person reads — and is what the
// records of earlier versions hold, so parse_end_reason reads them all.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace inchzero {

enum class EndReason : uint8_t {
  kNone,            // ""                 the game runs (or a record is unfinished)
  kTarget,          // "target"           a player reached the game's goal (Inchworm's target score)
  kCheckmate,       // "checkmate"
  kStalemate,       // "stalemate"        the player to move has no legal move
  kBearOff,         // "bear_off"         Steere's Inchworm: a worm borne off
  kNoStones,        // "no_stones"        Invector: a player has no stones left
  kRepetition,      // "repetition"       a repeated position (the rules' repetition draw)
  kMoveRule,        // "move_rule"        chess's fifty-move rule
  kNoCaptureLimit,  // "no_capture_limit" Inchworm's no-capture limit
  kCap,             // "cap"              the ply cap (max_plies): a limit, not the game's end
  kResign,          // "resign"           records only: a player resigned
  kDecisionLimit,   // "decision_limit"   records only: cut inside a move
};

// The snake_case word ("" for kNone).
const char* to_string(EndReason reason);
// The reason of a word to_string writes; throws GameError naming the text
// and the known words otherwise.
EndReason parse_end_reason(const std::string& text);

// The word, for test failures and logs.
std::ostream& operator<<(std::ostream& out, EndReason reason);

// JSON holds the word (nlohmann's conversions, found by argument lookup): a
// record field `{"end_reason", reason}` writes "cap", and reading an unknown
// word throws parse_end_reason's GameError.
template <typename Json>
void to_json(Json& j, EndReason reason) {
  j = to_string(reason);
}
template <typename Json>
void from_json(const Json& j, EndReason& reason) {
  reason = parse_end_reason(j.template get<std::string>());
}

}  // namespace inchzero
