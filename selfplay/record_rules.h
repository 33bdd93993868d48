// Does a stored game record belong to a game and rules? The one test that the
// replay buffer (train/replay_buffer.h) and the sample export
// (selfplay/export_samples.h) both apply to the records they read.
//
// Rules compare by what they do (core/rules_fingerprint.h) and by the values
// of their options (RuleOptions::difference_from: an option missing from the
// record's text is at its default), so a record written before an option
// existed, or with one spelled at its default, still belongs. Both are
// needed: the fingerprint catches a change of the rules' code under the same
// options, the values catch what the fingerprint's playouts never reach (a
// move rule or a ply cap that random games do not hit).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "core/game.h"
#include "selfplay/game_record.h"

namespace inchzero {

class RecordRulesCheck {
 public:
  // `game` must outlive this object.
  explicit RecordRulesCheck(const Game& game);

  // Whether `record` is a game of this game under these rules. Records come
  // by the thousand with a handful of rules texts: each text is parsed once.
  bool fits(const GameRecord& record);

  // Why `record` does not fit, in words: another game, or the two rules
  // fingerprints and the options its rules text sets otherwise.
  std::string why_not(const GameRecord& record);

  uint64_t fingerprint() const { return fingerprint_; }

 private:
  const Game& game_;
  uint64_t fingerprint_;                                  // behaviour_fingerprint(game_)
  std::unordered_map<std::string, bool> same_values_;     // by rules text
  std::unordered_map<std::string, std::string> why_not_;  // by rules text and fingerprint
};

}  // namespace inchzero
