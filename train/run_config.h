// The one configuration of a training run (`inchzero run --config ...`).
//
// It only COMPOSES the sections; each section's struct owns and validates its
// keys, declared once beside it:
//   seed:        every random choice of the run derives from it (0 = draw one
//                and write it into the run folder)
//   warm_start:  optional: a network file whose weights start the run
//   inherits:    optional: another run config (embedded name or path) whose
//                values this file overrides, section by section
//   game:        { name, rules, set: [key=value, ...] }       (GameChoice)
//   network:     NetworkArchitecture            (model/network_config.h)
//   selfplay:    SelfPlayConfig, with search:   (selfplay/selfplay_config.h)
//   trainer:     TrainerConfig                  (train/trainer_config.h)
//   replay:      ReplayConfig                   (train/replay_window.h)
//   evaluation:  EvaluationConfig               (below)
//   iteration:   IterationConfig                (below)
//   budget:      BudgetConfig                   (below)
// Unknown sections and unknown keys are errors that name them; each key's
// type, range or choices are checked from its one declaration
// (core/config_fields.h), checks between keys are written beside them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "core/config_fields.h"
#include "core/game.h"
#include "model/network_config.h"
#include "selfplay/selfplay_config.h"
#include "train/replay_window.h"
#include "train/trainer_config.h"

namespace inchzero {

// Which game and rules the run plays.
struct GameChoice {
  std::string name = "inchworm";
  std::string rules;                         // shipped rule-set name or YAML path; empty = defaults
  std::vector<std::string> set;              // "key=value" overrides, applied last
  std::shared_ptr<const Game> load() const;  // throws GameError on bad input

  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("name", c.name, "the game's name, e.g. inchworm, invector, inchworm-chess");
    v("rules", c.rules, "a shipped rule-set name or a rule file (YAML); empty = the defaults");
    v("set", c.set, "rule options as key=value, applied last");
  }
};

// How each new network is measured (results go to metrics.jsonl).
struct EvaluationConfig {
  int games_vs_previous = 20;               // new network vs the one before it (Elo chain)
  int games_vs_baselines = 20;              // new network vs each of `baselines`
  std::string baselines = "random,greedy";  // player specs, comma-separated
  std::string occasional = "uct:200";       // a stronger, slower baseline ...
  int occasional_every = 5;                 // ... every this many iterations (0 = never)
  int games_vs_occasional = 10;
  int simulations = 32;        // the network's simulations per decision in evaluation games
  int opening_plies = 2;       // random opening plies shared by paired games
  int threads = 2;             // evaluation games played in parallel
  std::string solution;        // a solved board's file (docs/solved-boards.md); empty = none
  int solution_sample = 1000;  // positions of each kind checked against it (0 = all)

  // Each field's Range, then the player specs (throws GameError naming the key).
  void validate() const;
  // The specs of `baselines`, split and checked (throws GameError).
  std::vector<std::string> baseline_specs() const;
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("games_vs_previous", c.games_vs_previous,
      "games of each new network against the previous one (0 = skip; Elo chain)",
      Range{0, kNoLimit});
    v("games_vs_baselines", c.games_vs_baselines, "games against each fixed baseline (0 = skip)",
      Range{0, kNoLimit});
    v("baselines", c.baselines, "fixed baseline players, comma-separated specs");
    v("occasional", c.occasional, "a stronger, slower baseline played every occasional_every");
    v("occasional_every", c.occasional_every,
      "iterations between games against `occasional` (0 = never)", Range{0, kNoLimit});
    v("games_vs_occasional", c.games_vs_occasional, "games against `occasional`",
      Range{0, kNoLimit});
    v("simulations", c.simulations, "network simulations per decision in evaluation games",
      Range{1, kNoLimit});
    v("opening_plies", c.opening_plies,
      "random plies opening each pair of evaluation games (variety for deterministic players)",
      Range{0, kNoLimit});
    v("threads", c.threads, "evaluation games played in parallel", Range{1, 256});
    v("solution", c.solution,
      "solution file of the run's board (inchzero solve): each network's raw-policy and "
      "searched (`simulations` visits) choices that are not optimal, and its value error, "
      "go to metrics (`solution`) and the learning curve; empty = off");
    v("solution_sample", c.solution_sample,
      "contested positions (and, for the value, positions) checked against `solution`, the "
      "same seeded sample every iteration; 0 = all",
      Range{0, kNoLimit});
  }
};

// The shape of one iteration: self-play, then training, then evaluation.
struct IterationConfig {
  int games = 256;                // self-play games per iteration (all workers together)
  int games_per_shard = 64;       // games per shard file
  int keep_checkpoints = 3;       // trainer checkpoints kept (networks are all kept)
  int min_window_samples = 1000;  // no training until the window holds this many samples
  int min_new_samples = 0;        // trainer-only mode: new samples that start an iteration

  void validate() const { validate_config(*this, "iteration"); }
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("games", c.games,
      "self-play games per iteration (the run's own workers); 0 = trainer only: the "
      "iteration trains once extra workers have delivered min_new_samples new samples",
      Range{0, kNoLimit});
    v("games_per_shard", c.games_per_shard, "games per shard file", Range{1, kNoLimit});
    v("keep_checkpoints", c.keep_checkpoints, "trainer checkpoints kept; networks are all kept",
      Range{1, kNoLimit});
    v("min_window_samples", c.min_window_samples,
      "training starts once the replay window holds this many samples", Range{1, kNoLimit});
    v("min_new_samples", c.min_new_samples,
      "trainer-only mode (games 0): new samples from workers that start an iteration "
      "(0 = enough for one training step, batch_size / reuse)",
      Range{0, kNoLimit});
  }
};

// When the run stops (command-line --minutes/--iterations override these).
struct BudgetConfig {
  double minutes = 0;  // total active minutes over all sessions (0 = no limit)
  int iterations = 0;  // total iterations (0 = no limit)

  void validate() const { validate_config(*this, "budget"); }
  // How far through its budget a run is that has run `active_seconds` and
  // is about to play or train `iteration`: the larger share of whichever
  // limits are set, in [0, 1] (0 with neither). What the learning-rate
  // horizon (trainer.lr_horizon: budget) and progressive visits
  // (selfplay.full_visits_initial) follow.
  double progress(double active_seconds, int iteration) const {
    double p = 0;
    if (minutes > 0) p = std::max(p, active_seconds / (minutes * 60));
    if (iterations > 0) p = std::max(p, double(iteration - 1) / iterations);
    return std::min(p, 1.0);
  }
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("minutes", c.minutes, "stop after this many minutes of run time, all sessions (0 = none)",
      Range{0, kNoLimit});
    v("iterations", c.iterations, "stop after this many iterations (0 = no limit)",
      Range{0, kNoLimit});
  }
};

struct RunConfig {
  uint64_t seed = 0;
  std::string warm_start;  // a network file whose weights start the run ("" = random ones)
  GameChoice game;
  NetworkArchitecture network;
  SelfPlayConfig selfplay;
  TrainerConfig trainer;
  ReplayConfig replay;
  EvaluationConfig evaluation;
  IterationConfig iteration;
  BudgetConfig budget;

  // The sections, each a struct listing its own keys (core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("seed", c.seed,
      "every random choice of the run derives from it (0 = draw one and write it into the run "
      "folder)");
    v("warm_start", c.warm_start,
      "a network file (.pt, or a run folder: its newest network, recorded as that file) whose "
      "weights start the run instead of random ones: the same game "
      "and network shape, other rule options allowed (a curriculum, e.g. the target-10 network "
      "for target 60); \"\" = random weights");
    v("game", c.game, "which game and rules");
    v("network", c.network, "the network's shape");
    v("selfplay", c.selfplay, "self-play and its search");
    v("trainer", c.trainer, "the optimiser");
    v("replay", c.replay, "the replay window");
    v("evaluation", c.evaluation, "how each new network is measured");
    v("iteration", c.iteration, "the shape of one iteration");
    v("budget", c.budget, "when the run stops");
  }

  // Parse YAML text; `source` names it in error messages. Throws GameError
  // naming an unknown section or key, a bad value, a game without an encoder,
  // an evaluation opponent that cannot play the game or a solution file of
  // another board (train/run_config_load.cpp: it links the players).
  static RunConfig from_yaml_text(const std::string& text, const std::string& source);
  // What from_yaml_text checks from the text alone (`inherits` resolved,
  // sections, keys, values, the game and its encoder, the syntax of the
  // evaluation's player specs); not the opponents against the game nor the
  // solution file. LibTorch-free: fuzzed (fuzz/fuzz_run_config.cpp).
  static RunConfig parse_yaml_text(const std::string& text, const std::string& source);
  // Load a config by path, or by the name of an embedded config
  // ("inchworm", "inchworm.yaml" or "configs/inchworm.yaml" when no such file
  // exists here). Throws GameError naming what was tried.
  static RunConfig load(const std::string& path_or_name);
  // The text load() reads for `path_or_name`; `source` gets where it came
  // from (the path, or "embedded NAME.yaml"). Throws GameError like load().
  static std::string read_text(const std::string& path_or_name, std::string& source);
  // Every key with its resolved value, as YAML accepted by from_yaml_text.
  std::string to_yaml() const;
  nlohmann::json to_json() const;
  // Every key of every section as one markdown table (`inchzero run
  // --config-doc`; docs/running.md holds a copy): dotted key, default,
  // accepted values, meaning.
  static std::string doc_table();
};

}  // namespace inchzero
