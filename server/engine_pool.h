// The engines `inchzero serve` answers POST /api/analyse with: the networks
// it was started with (each an EngineContext, engine/engine_context.h, ids
// "net0", "net1", … in the order given) and any match player without a
// network by its spec ("random", "greedy", "wall", "uct:N"). A request body
// is one analysis query of the protocol (docs/engine-protocol.md), parsed by
// parse_analysis_query and answered by answer_query — the same code as
// `inchzero analyse`, so the page searches nothing the engine would not.
//
// Limits, so one request cannot hold the machine: a query's maxVisits and
// maxTimeMs above the server's are refused, a query without maxTimeMs gets
// the server's, a uct:N player's N is capped like visits, and each network
// serves a bounded number of distinct rule sets (each keeps an evaluation
// cache).
#pragma once

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine_context.h"
#include "server/game_rules.h"

namespace inchzero {

struct ServedNetwork {
  std::string label;  // what the page shows: the run folder's or the file's name
  std::string path;   // a network file or a run folder (its newest network)
};

struct EngineLimits {
  int max_visits = 10000;      // maxVisits above it is refused; so is uct:N above it
  double max_time_ms = 10000;  // maxTimeMs above it is refused; a query without one gets it
  size_t max_rule_sets = 64;   // distinct (game, rules, set) per network
};

struct EnginePoolOptions {
  std::vector<ServedNetwork> networks;
  SearchConfig search;         // how networks search (PUCT, no noise; the cache per rule set)
  InferenceOptions inference;  // how the networks run (--precision, --device)
  uint64_t seed = 1;           // evaluation symmetries and players' random choices
  EngineLimits limits;
};

class EnginePool {
 public:
  // Loads every network. Throws GameError for a missing or unreadable one.
  explicit EnginePool(const EnginePoolOptions& options);

  // [{"id", "label", "kind": "network", "game", "rules", "set", "visits"}…]
  // then the players [{"id": "random", "kind": "player", …}…].
  nlohmann::ordered_json describe() const;
  // The ids of the networks that fit `game`.
  std::vector<std::string> networks_for(const Game& game) const;
  const EngineLimits& limits() const { return limits_; }

  // Answer `body` (one analysis query) with `engine`: the HTTP status (200,
  // or 400 with the protocol's {"id", "error", "field"} when the query cannot
  // be served) and the protocol's answer. Throws RequestError for an unknown
  // engine, a budget above the limits, a rule set that is not shipped, or a
  // network asked for more rule sets than it serves.
  std::pair<int, nlohmann::ordered_json> analyse(const std::string& engine,
                                                 const std::string& body);

 private:
  struct Network {
    std::string id, label;
    std::unique_ptr<EngineContext> context;
    std::mutex mutex;
    std::set<std::string> rule_sets;  // distinct rule sets served so far
  };
  Network* find_network(const std::string& id) const;
  // Throws RequestError(429) when `network` would serve one rule set too
  // many; returns whether `key` is new (forget_rule_set takes it back when
  // the query fails).
  bool admit_rule_set(Network& network, const std::string& key);
  void forget_rule_set(Network& network, const std::string& key);

  std::vector<std::unique_ptr<Network>> networks_;
  SearchConfig search_;
  uint64_t seed_;
  EngineLimits limits_;
  GameCache games_;
};

}  // namespace inchzero
