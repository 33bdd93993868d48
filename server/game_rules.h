// The games requests name. A request gives a game of the registry, a rule
// set and "key=value" overrides; the rule set must be one shipped with the
// game (or "default"): a rule label may also name a YAML file, and a
// request must never make the server read its disk.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/game.h"

namespace inchzero {

struct RulesChoice {
  std::string game;
  std::string rules = "default";  // a shipped rule set; '+key=value' overrides may follow
  std::vector<std::string> set;   // "key=value" overrides on top
};

// Throws RequestError(400, field `field`) unless the part of `label` before
// its first '+' is "default" or a rule set shipped for `game`.
void check_shipped_rules(const std::string& game, const std::string& label,
                         const std::string& field = "rules");

// How a request names `game`'s rules: the shipped rule set of its label (or
// "default" when the label names a file) and the options whose values
// differ from that rule set's, as "key=value".
RulesChoice rules_choice_of(const Game& game);

// Every option of `game` as {name: value text}, in the schema's order.
std::vector<std::pair<std::string, std::string>> option_values(const Game& game);

// Games built once per distinct choice and kept; when `capacity` distinct
// choices are held the cache starts over (games are cheap to rebuild).
// Thread-safe.
class GameCache {
 public:
  explicit GameCache(size_t capacity = 256) : capacity_(capacity) {}
  // Throws RequestError(400) naming the key at fault: an unknown game
  // ("game"), a rule set that is not shipped ("rules"), a bad override ("set").
  std::shared_ptr<const Game> get(const RulesChoice& choice);

 private:
  size_t capacity_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Game>> games_;
};

}  // namespace inchzero
