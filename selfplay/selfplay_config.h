// Every tunable of self-play, declared once (X-macro below), plus the search
// tunables in `search`. YAML form:
//   workers: 1
//   games_per_worker: 64
//   ...
//   search: { c_puct: 1.5, ... }
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/precision.h"
#include "selfplay/search_config.h"

namespace inchzero {

// X(type, name, default, min, max, doc)
#define INCHZERO_SELFPLAY_CONFIG_FIELDS(X)                                                         \
  X(int, workers, 2, 1, 64,                                                                        \
    "worker threads, each running games_per_worker games (2 = one per core, each network call "    \
    "on one compute thread; see `inchzero bench selfplay`)")                                       \
  X(int, games_per_worker, 64, 1, 4096,                                                            \
    "games each worker plays at once; each contributes one leaf to the worker's batch")            \
  X(int, full_visits, 200, 1, 1000000, "visits of a full search (recorded as a policy target)")    \
  X(int, cheap_visits, 50, 1, 1000000, "visits of a cheap search (no noise, not a policy target)") \
  X(double, full_search_share, 0.25, 0.0, 1.0,                                                     \
    "share of decisions given a full search (playout-cap randomisation)")                          \
  X(bool, cheap_search_noise, true, false, true,                                                   \
    "cheap searches explore like full ones (Gumbel noise, temperature); false: no noise and the "  \
    "best action, deterministically (KataGo's playout-cap randomisation)")                         \
  X(double, temperature, 1.0, 0.0, 10.0, "move-choice temperature for the first plies")            \
  X(int, temperature_plies, 16, 0, 100000, "full moves (plies) played at `temperature`")           \
  X(double, temperature_final, 0.0, 0.0, 10.0, "temperature afterwards (0 = most visited)")        \
  X(double, resign_threshold, -0.9, -1.0, 1.0,                                                     \
    "resign when the root value (win-loss) stays below this (-1 = never)")                         \
  X(int, resign_consecutive, 3, 1, 1000, "...for this many consecutive own move boundaries")       \
  X(double, resign_disabled_share, 0.1, 0.0, 1.0,                                                  \
    "share of games played out with resignation off, to measure false resignations")               \
  X(bool, reduce_search_when_decided, true, false, true,                                           \
    "once a resignation-off game would have resigned, use cheap searches only")                    \
  X(Precision, precision, Precision::kAuto, Precision::kFp32, Precision::kAuto,                    \
    "network inference number format in self-play and evaluation games: fp32, bf16 or auto "       \
    "(bf16 where the CPU has avx512_bf16 or AMX); the run records what it used")

struct SelfPlayConfig {
#define INCHZERO_DECLARE_FIELD(type, name, def, min, max, doc) type name = def;
  INCHZERO_SELFPLAY_CONFIG_FIELDS(INCHZERO_DECLARE_FIELD)
#undef INCHZERO_DECLARE_FIELD
  SearchConfig search;

  // Overwrite the fields named in the YAML map `node` (a nested `search:` map
  // updates `search`). Throws GameError naming an unknown key or a bad value;
  // `where` prefixes key names in messages.
  void update_from_yaml(const YAML::Node& node, const std::string& where = "selfplay");
  // Apply one "key=value" override (dotted keys reach into `search`, e.g.
  // "search.c_puct=2"), as given to --param. Throws GameError on a bad key or value.
  void set(const std::string& assignment);
  // Parse YAML text (a map as above); throws GameError on bad input.
  static SelfPlayConfig from_yaml_text(const std::string& text);
  // Read a YAML file; throws GameError naming the file on any problem.
  static SelfPlayConfig from_yaml_file(const std::string& path);
  nlohmann::json to_json() const;
  // A markdown table of every field with its default and meaning (for --help/docs).
  static std::string describe();
};

}  // namespace inchzero
