// One position searched for a person or a program, in full moves: what the
// analysis engine (analysis_engine.h) and UCI (uci_engine.h) report.
//
// The search tree is over decision actions (docs/action-space.md): an
// Inchworm move may take several decisions by the same player. A root child
// is therefore the FIRST decision of a move; its candidate move is that
// decision completed the way the search believes in (most visited, then
// highest prior; a decision the tree never expanded is completed by the
// network's highest prior, one position at a time). Statistics of a
// candidate are its root child's.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "selfplay/searcher.h"

namespace inchzero {

// When a search stops: whichever limit comes first. A limit of 0 is no limit;
// with neither a visit nor a time limit nor a stop flag nobody could stop it,
// so callers must set at least one (check_budget).
struct SearchBudget {
  int max_visits = 0;
  double max_time_ms = 0;
  const std::atomic<bool>* stop = nullptr;  // set from another thread to stop now
  // Called between simulations with the searcher (e.g. to report progress
  // with summarise_search); keep it cheap when it has nothing to do.
  std::function<void(Searcher&)> between_simulations;
};
// Throws GameError when the budget can never end.
void check_budget(const SearchBudget& budget);

// Win / draw / loss probabilities for one player.
struct Wdl {
  double win = 0, draw = 0, loss = 0;
  // From a mean win − loss value and a mean draw probability.
  static Wdl from_value(double value, double draw);
  double expected_score() const { return win + 0.5 * draw; }
};

struct CandidateMove {
  Move move;           // the full move
  std::string text;    // in the game's notation
  int visits = 0;      // visits of its first decision
  double prior = 0;    // the network's prior of its first decision
  Wdl wdl;             // for the player to move at the root (search average)
  double utility = 0;  // what selection maximised (value + score utility)
  // The principal variation in full moves, this move first.
  std::vector<std::string> pv;
  // Points of the mover minus the other player's after this move, where the
  // game keeps a score (State::to_json has "scores").
  std::optional<double> score_lead;
};

struct PositionAnalysis {
  int root_visits = 0;  // visits of the root (its own evaluation included)
  Wdl root_wdl;         // for the player to move
  double root_utility = 0;
  std::optional<double> score_lead;  // the mover's current lead, where scored
  int current_player = 0;
  // Visited candidates, best first (most visits, then higher prior); when
  // the search was stopped before any child was visited, the best prior.
  // At most AnalysisOptions::max_candidates of them.
  std::vector<CandidateMove> candidates;
  // The network's priors over the root's decision actions (softmax over the
  // legal ones), aligned with the game's action space; -1 where illegal.
  std::vector<float> policy;
  double elapsed_ms = 0;
  // Why the search ended: "visits", "time", "stopped".
  std::string stop_reason;
};

struct AnalysisOptions {
  int pv_moves = 10;  // full moves in each principal variation
  bool with_policy = false;
  // Describe only the best this many candidates (0: all): each costs its
  // line's replay and maybe network evaluations to complete its move, so a
  // caller that reports a few (UCI's MultiPV) asks for those.
  int max_candidates = 0;
};

// Describe what `searcher` has found so far at `root` (its root state) in
// full moves. May evaluate positions (to complete a move the tree left
// unfinished) but never changes the tree.
PositionAnalysis summarise_search(Searcher& searcher, const State& root,
                                  const AnalysisOptions& options = {});

// Search `state` (a position at a move boundary, not finished) with
// `searcher` under `budget` and describe the result in full moves. Throws
// GameError when the game is over.
PositionAnalysis analyse_position(Searcher& searcher, const State& state,
                                  const SearchBudget& budget, const AnalysisOptions& options = {});

}  // namespace inchzero
