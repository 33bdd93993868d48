#include "selfplay/record_rules.h"

#include "core/rules_fingerprint.h"

namespace inchzero {

RecordRulesCheck::RecordRulesCheck(const Game& game)
    : game_(game), fingerprint_(behaviour_fingerprint(game)) {}

bool RecordRulesCheck::fits(const GameRecord& record) {
  if (record.game != game_.name() || record.rules_fingerprint != fingerprint_) return false;
  auto known = same_values_.find(record.rules_yaml);
  if (known == same_values_.end())
    known =
        same_values_
            .emplace(record.rules_yaml, game_.options().difference_from(record.rules_yaml).empty())
            .first;
  return known->second;
}

std::string RecordRulesCheck::why_not(const GameRecord& record) {
  if (record.game != game_.name()) return "a record of game '" + record.game + "'";
  // A refused shard refuses its records by the hundred: explain each text once.
  const std::string key = record.rules_yaml + '\n' + fingerprint_hex(record.rules_fingerprint);
  auto known = why_not_.find(key);
  if (known != why_not_.end()) return known->second;
  std::string why = record.rules_fingerprint == 0 ? "rules this build cannot rebuild"
                    : record.rules_fingerprint == fingerprint_
                        ? "the same rules fingerprint, other option values"
                        : "rules fingerprint " + fingerprint_hex(record.rules_fingerprint) +
                              ", the run's " + fingerprint_hex(fingerprint_);
  // The options that differ, where the text says (a text that reads the
  // same names none: the game's code changed behaviour).
  const std::string options = game_.options().difference_from(record.rules_yaml);
  why += options.empty() ? " (the same options: the rules' code plays differently)"
                         : " (" + options + ")";
  return why_not_.emplace(key, why).first->second;
}

}  // namespace inchzero
