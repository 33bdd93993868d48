// Running the lab: for every rule set and budget of a LabConfig, play the
// agent against itself (colours alternate by construction: both sides are
// the agent) and the wall-builder against the agent with colours alternated,
// measuring every game; the builder also plays each of the config's
// wall_opponents (the controls of issue 18), and each of its draw_seekers
// plays the agent (issue 18, part 7), each from a seed stream of its own.
// Each (rule set, budget) cell is written atomically to
// OUT/results/<name>-x<budget>.json when finished and skipped when that file
// already exists, so an interrupted run resumes where it stopped; a finished
// cell that lacks some of the config's draw_seekers gets their games added
// (the games a cell played with them holds). After a rule set's cells its
// agent plays the strength gate (lab/gate_play.h), each match stored and
// resumed the same way.
#pragma once

#include <atomic>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "lab/game_metrics.h"
#include "lab/lab_config.h"
#include "lab/lab_metrics.h"
#include "model/backend.h"
#include "selfplay/search_config.h"

namespace inchzero::lab {

// The wall-builder's games against one of LabConfig::wall_opponents, or a
// draw-seeker's against the agent (SeekerGames).
struct OpponentGames {
  std::string opponent;                 // its player spec
  int wins = 0, draws = 0, losses = 0;  // the builder's (the seeker's)
  // Every game whole; each game's `builder` is the builder's (the seeker's) colour.
  std::vector<BuilderGame> games;
};

// One of LabConfig::draw_seekers against the agent in one cell.
struct SeekerGames {
  std::string seeker;  // its entry of draw_seekers, tokens unreplaced (the report's key)
  // `opponent` is the seeker's spec as played at the cell's budget (not the
  // agent's: that is the cell's); W-D-L and colours are the seeker's.
  OpponentGames games;
};

// The games of one rule set at one budget.
struct CellResult {
  std::string rule_set;
  int budget = 1;
  // Which of the rule set's training.agents played it (1-based); stored
  // only where not 1, so a one-agent lab's cells are written as before.
  int agent_index = 1;
  std::string agent;               // the agent's player spec at this budget
  std::string options;             // the effective rule options, "k=v,…" non-defaults
  std::vector<GameMetrics> games;  // agent vs agent
  // The wall-builder's results against the agent (its own point of view).
  int wall_wins = 0, wall_draws = 0, wall_losses = 0;
  std::vector<int> wall_lengths;
  // Every builder game whole (empty in cells made before they were kept).
  std::vector<BuilderGame> builder_games;
  // The builder against each of the config's wall_opponents (empty in cells
  // made before they were played).
  std::vector<OpponentGames> opponent_games;
  // Each of the config's draw_seekers against the agent, in the order
  // played (empty in cells made without draw_seekers).
  std::vector<SeekerGames> seeker_games;
  double seconds = 0;
  // The fingerprints of the players that made it (lab/players_fingerprint.h;
  // empty in cells made before they were kept).
  std::string players;

  int wall_games() const { return wall_wins + wall_draws + wall_losses; }
  nlohmann::json to_json() const;
  // Throws GameError naming what is missing.
  static CellResult from_json(const nlohmann::json& j);
};

// The result file of one cell: OUT/results/<agent_name(rule_set, k)>-x<budget>.json,
// so agent 1's is the one-agent lab's file and agent k >= 2's is
// <rule set>@<k>-x<budget>.json.
std::string cell_path(const std::string& out_dir, const std::string& rule_set, int budget,
                      int k = 1);

// How run_lab plays.
struct LabRunOptions {
  bool quiet = false;             // no progress lines on stderr
  bool play_missing = true;       // false: play nothing, return the finished cells
  std::vector<std::string> only;  // non-empty: play only these rule sets
  // false: play the cells only, not the strength gate's matches (a later run
  // with it true plays them). Gate matches cost more than builder games on
  // the verdict presets, so a user can see every rule set's builder games
  // first and spend the gates where they can change a status.
  bool play_gates = true;
  // false: play no missing cell, only the strength gate's matches (a later
  // run with it true plays the cells). Where the cells cost hours (menke's
  // 20,000-ply games), the gate first says whether the agent is admitted at
  // all before the cells are paid for.
  bool play_cells = true;
  // When true, no further game starts; a cell or gate match under way is
  // left to its journal (the next run resumes it) and nothing more is played.
  const std::atomic<bool>* stop = nullptr;
  // How the agents' networks run in cells and gate matches (an agent's
  // training runs as its run config says).
  InferenceOptions inference;
};

// Play (or load) every cell, rule sets in config order, then the rule set's
// agents (training.agents) in order, budgets ascending within each; agent k
// plays the games agent 1 plays, seeded from LabConfig::agent_lab_seed(k); progress lines on stderr
// unless `quiet`. With `play_missing` false nothing is played: only the cells already finished are
// returned (a report of a run still in progress). A non-empty `only` limits playing to those rule
// set names (seeds still follow the config's order, so the cells are the ones a full run would
// make). "{agent}" in the agent spec becomes the rule set's agent folder (LabConfig::agent_folder
// under `out_dir`); before a rule set's first missing cell its agent is made ready
// (lab/lab_agents.h: trained, or its run checked), and the process's
// inference settings are restored afterwards, so the cells play with the
// caller's precision rather than the training run's.
std::vector<CellResult> run_lab(const LabConfig& config, const std::string& out_dir,
                                const LabRunOptions& options);

}  // namespace inchzero::lab
