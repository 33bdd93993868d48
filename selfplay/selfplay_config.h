// Every tunable of self-play, each declared once (visit_fields below,
// core/config_fields.h), plus the search tunables in `search`. YAML form:
//   workers: 1
//   games_per_worker: 64
//   ...
//   search: { c_puct: 1.5, ... }
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/device.h"
#include "model/precision.h"
#include "selfplay/search_config.h"

namespace inchzero {

struct SelfPlayConfig {
  int workers = 2;
  int games_per_worker = 64;
  int full_visits = 200;
  int cheap_visits = 50;
  int full_visits_initial = 0;
  double full_search_share = 0.25;
  bool cheap_search_noise = true;
  double temperature = 1.0;
  int temperature_plies = 16;
  int random_opening_plies = 0;
  double exploit_share = 0;
  double temperature_final = 0.0;
  double resign_threshold = -0.9;
  int resign_consecutive = 3;
  double resign_disabled_share = 0.1;
  bool reduce_search_when_decided = true;
  Precision precision = Precision::kAuto;
  Device device;  // the CPU unless the config asks for a GPU
  SearchConfig search;

  // One line per field: name, member, meaning, accepted values.
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("workers", c.workers,
      "worker threads, each running games_per_worker games (2 = one per core, each network call "
      "on one compute thread; see `inchzero bench selfplay`)",
      Range{1, 64});
    v("games_per_worker", c.games_per_worker,
      "games each worker plays at once; each contributes one leaf to the worker's batch",
      Range{1, 4096});
    v("full_visits", c.full_visits, "visits of a full search (recorded as a policy target)",
      Range{1, 1000000});
    v("cheap_visits", c.cheap_visits, "visits of a cheap search (no noise, not a policy target)",
      Range{1, 1000000});
    v("full_visits_initial", c.full_visits_initial,
      "progressive visits (MiniZero's progressive simulation): full searches start at this many "
      "visits and grow linearly with the run's budget progress (budget.minutes or "
      "budget.iterations) to full_visits, cheap searches in proportion (0 = full_visits "
      "throughout)",
      Range{0, 1000000});
    v("full_search_share", c.full_search_share,
      "share of decisions given a full search (playout-cap randomisation)", Range{0, 1});
    v("cheap_search_noise", c.cheap_search_noise,
      "cheap searches explore like full ones (Gumbel noise, temperature); false: no noise and the "
      "best action, deterministically (KataGo's playout-cap randomisation)");
    v("temperature", c.temperature, "move-choice temperature for the first plies", Range{0, 10});
    v("temperature_plies", c.temperature_plies, "full moves (plies) played at `temperature`",
      Range{0, 100000});
    v("random_opening_plies", c.random_opening_plies,
      "each game opens with a random number (uniform in 0..this) of plies of uniformly random "
      "decisions, recorded without search and not trained on, so that self-play also learns "
      "from positions its own play avoids (0 = none)",
      Range{0, 100000});
    v("exploit_share", c.exploit_share,
      "share of games started from a position of an earlier game of the run (Go-Exploit: drawn "
      "uniformly from the replay window's games; an extra worker draws from its last round), so "
      "that the late positions of long games are searched and trained on without replaying the "
      "game up to them (0 = every game from the start; selfplay/start_positions.h)",
      Range{0, 1});
    v("temperature_final", c.temperature_final, "temperature afterwards (0 = most visited)",
      Range{0, 10});
    v("resign_threshold", c.resign_threshold,
      "resign when the root value (win-loss) stays below this (-1 = never)", Range{-1, 1});
    v("resign_consecutive", c.resign_consecutive,
      "...for this many consecutive own move boundaries", Range{1, 1000});
    v("resign_disabled_share", c.resign_disabled_share,
      "share of games played out with resignation off, to measure false resignations", Range{0, 1});
    v("reduce_search_when_decided", c.reduce_search_when_decided,
      "once a resignation-off game would have resigned, use cheap searches only");
    v("precision", c.precision,
      "network inference number format in self-play and evaluation games: fp32, bf16 or auto "
      "(bf16 where the CPU has avx512_bf16 or AMX); the run records what it used");
    v("device", c.device,
      "where self-play and evaluation networks compute: cpu, cuda, cuda:N or auto (the GPU when "
      "LibTorch has CUDA and one is visible); the run records what it used");
    v("search", c.search, "the PUCT search (SearchConfig, selfplay/search_config.h)");
  }

  // The checks between keys: full_visits_initial at most full_visits.
  // Throws GameError naming the key.
  void validate() const;
  // This config at `progress` (0..1, clamped) through the run's budget:
  // with full_visits_initial, full visits from it to full_visits (rounded)
  // and cheap visits cheap_visits * (that / full_visits), at least 1 each;
  // without, unchanged. Why: early networks gain little from deep searches,
  // so the visits a run can afford go where they pay (Wu et al., MiniZero
  // 2023: more strength for the same self-play time).
  SelfPlayConfig at_progress(double progress) const;

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
  // A markdown table of every field (dotted keys for `search`) with its
  // default, accepted values and meaning (for --help).
  static std::string describe();
};

}  // namespace inchzero
