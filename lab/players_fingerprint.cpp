#include "lab/players_fingerprint.h"

#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "core/game.h"
#include "lab/lab_players.h"
#include "selfplay/players/player_fingerprint.h"

namespace inchzero::lab {
namespace {

// The lab's scripted players besides the agent: the builder and the waiter
// of every cell and gate, and greedy, the gate's first opponent.
const char* const kScriptedPlayers[] = {"wall", "waiter", "greedy"};

// "a=1 b=2" as a map from spec to fingerprint.
std::map<std::string, std::string> parse(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream in(text);
  std::string item;
  while (in >> item) {
    const size_t eq = item.rfind('=');
    if (eq == std::string::npos) continue;
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

}  // namespace

std::string players_fingerprint(const LabConfig& config, const RuleSetEntry& entry,
                                const std::string& agent) {
  register_lab_players();  // `wall` and `waiter` as specs (idempotent)
  const auto game = config.game_of(entry);
  // A lab run asks for the same fingerprints for a rule set's cell, each of
  // its gate files and the report (up to 7 times), and each costs a
  // self-play game per player: kept per game, rules and agent. The players'
  // code cannot change within a process, so nothing goes stale.
  static std::mutex mutex;
  static std::map<std::string, std::string> known;
  const std::string key = game->name() + "\n" + game->options().to_yaml() + "\n" + agent;
  {
    std::lock_guard<std::mutex> lock(mutex);
    const auto it = known.find(key);
    if (it != known.end()) return it->second;
  }
  std::string out;
  auto add = [&](const std::string& spec) {
    const std::string print = player_fingerprint(game, spec);
    if (print.empty()) return;
    out += (out.empty() ? "" : " ") + spec + "=" + print;
  };
  // An agent the lab trains ("{agent}" in its spec) is a network: unseeded.
  if (agent.find('{') == std::string::npos) add(agent);
  for (const char* spec : kScriptedPlayers)
    if (agent != spec) add(spec);
  std::lock_guard<std::mutex> lock(mutex);
  known[key] = out;
  return out;
}

std::string changed_players(const std::string& recorded, const std::string& expected,
                            const std::vector<std::string>& played_by) {
  const auto was = parse(recorded), now = parse(expected);
  std::string changed;
  for (const std::string& spec : std::set<std::string>(played_by.begin(), played_by.end())) {
    const auto before = was.find(spec), after = now.find(spec);
    if (before == was.end() && after == now.end()) continue;
    const std::string old_print = before == was.end() ? "none" : before->second;
    const std::string new_print = after == now.end() ? "none" : after->second;
    if (old_print != new_print)
      changed += " `" + spec + "` (" + old_print + ", now " + new_print + ")";
  }
  return changed;
}

void check_same_players(const std::string& path, const std::string& recorded,
                        const LabConfig& config, const RuleSetEntry& entry,
                        const std::string& agent, const std::vector<std::string>& played_by) {
  if (recorded.empty()) return;
  const std::string changed =
      changed_players(recorded, players_fingerprint(config, entry, agent), played_by);
  if (changed.empty()) return;
  throw GameError(path + " was played by players that now choose other moves:" + changed +
                  ": move the file away to play it again with the players as they are, or "
                  "check out the code that played it");
}

}  // namespace inchzero::lab
