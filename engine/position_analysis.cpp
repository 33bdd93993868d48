#include "engine/position_analysis.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

// A search with no visit limit still has to fit in memory: every expanded
// node holds its children, about a kilobyte per visit in a wide game.
constexpr int kMaxVisitsPerSearch = 1'000'000;
// Decisions followed along one line (a tall Inchworm stack's distribution
// can take dozens of decisions for one move).
constexpr int kMaxLineActions = 4096;

double lead_of(const State& state, int player) {
  return state.points(player) - state.points(1 - player);
}

// Writes candidates' moves and principal variations from the lines the
// tree believes in. Its two scratch states are overwritten for each line:
// copy_from reuses their memory, where cloning the root twice per candidate
// was most of what describing a 64-visit search cost.
class LineWriter {
 public:
  // `scored`: whether the game keeps a score (keeps_score(root)).
  LineWriter(Searcher& searcher, const State& root, int max_moves, bool scored)
      : searcher_(searcher),
        root_(root),
        max_moves_(max_moves),
        player_(root.current_player()),
        scored_(scored),
        state_(root.clone()),
        before_(root.clone()) {}

  // Fills `candidate`'s move, text, score lead and principal variation (at
  // most max_moves full moves) from the line after the root's decision
  // `first`. A first move the tree leaves unfinished is completed by the
  // network's highest prior; a later one is dropped.
  void fill(Action first, CandidateMove& candidate) {
    state_->copy_from(root_);
    before_->copy_from(root_);
    current_.clear();
    for (const SearchTree::LineStep& step :
         searcher_.tree().principal_line(first, kMaxLineActions)) {
      state_->apply_action(step.action);
      current_.push_back(step.action);
      if (!state_->in_compound_move() || state_->is_terminal()) {
        complete(candidate);
        if (static_cast<int>(candidate.pv.size()) >= max_moves_ || state_->is_terminal()) return;
      }
    }
    if (!candidate.pv.empty()) return;
    // The tree stopped inside the first move. Each missing decision is one
    // position at batch 1, as the search evaluates: the backend has that
    // ready, while a batch of a new size makes oneDNN build a plan for it
    // (0.5-3 ms measured, the cost of some 20 evaluations at batch 1).
    while (state_->in_compound_move() && !state_->is_terminal()) {
      const auto eval = searcher_.evaluate(*state_);
      const std::vector<Action> legal = state_->legal_actions();
      const auto& priors = eval->priors;
      const Action action = legal[std::max_element(priors.begin(), priors.end()) - priors.begin()];
      state_->apply_action(action);
      current_.push_back(action);
    }
    complete(candidate);
  }

 private:
  // The move in progress has just been completed in state_.
  void complete(CandidateMove& candidate) {
    candidate.pv.push_back(before_->move_to_string(current_));
    if (candidate.pv.size() == 1) {
      candidate.move = current_;
      candidate.text = candidate.pv.back();
      if (scored_) candidate.score_lead = lead_of(*state_, player_);
    }
    current_.clear();
    before_->copy_from(*state_);
  }

  Searcher& searcher_;
  const State& root_;
  const int max_moves_;
  const int player_;
  const bool scored_;
  std::unique_ptr<State> state_;   // the line so far
  std::unique_ptr<State> before_;  // the position before the move in progress
  Move current_;                   // the decisions of the move in progress
};

}  // namespace

void check_budget(const SearchBudget& budget) {
  if (budget.max_visits < 0) throw GameError("the visit limit must not be negative");
  if (budget.max_time_ms < 0) throw GameError("the time limit must not be negative");
  if (budget.max_visits == 0 && budget.max_time_ms == 0 && budget.stop == nullptr)
    throw GameError("a search needs a visit limit, a time limit or a way to stop it");
}

Wdl Wdl::from_value(double value, double draw) {
  Wdl wdl;
  wdl.draw = std::clamp(draw, 0.0, 1.0);
  wdl.win = std::clamp((1.0 + value - wdl.draw) / 2.0, 0.0, 1.0);
  wdl.loss = std::clamp(1.0 - wdl.win - wdl.draw, 0.0, 1.0);
  return wdl;
}

PositionAnalysis summarise_search(Searcher& searcher, const State& state,
                                  const AnalysisOptions& options) {
  RootSummary summary = searcher.tree().root_summary();
  PositionAnalysis out;
  const int player = state.current_player();
  const bool scored = keeps_score(state);
  out.current_player = player;
  out.root_visits = summary.visits;
  out.root_wdl = Wdl::from_value(summary.value, summary.draw);
  out.root_utility = summary.utility;
  if (scored) out.score_lead = lead_of(state, player);

  // Candidates, best first: the visited children (a few of a hundred or so
  // legal first decisions, so they are set apart before sorting), or the
  // best prior when none was visited.
  std::vector<RootChild> children = std::move(summary.children);
  auto by_visits_then_prior = [](const RootChild& a, const RootChild& b) {
    return a.visits != b.visits ? a.visits > b.visits : a.prior > b.prior;
  };
  const auto unvisited = std::stable_partition(children.begin(), children.end(),
                                               [](const RootChild& c) { return c.visits > 0; });
  if (unvisited != children.begin()) {
    children.erase(unvisited, children.end());
    std::stable_sort(children.begin(), children.end(), by_visits_then_prior);
  } else if (!children.empty()) {
    // The first of the highest priors, as a stable sort would have put first.
    std::iter_swap(children.begin(),
                   std::min_element(children.begin(), children.end(), by_visits_then_prior));
    children.resize(1);
  }
  if (options.max_candidates > 0 && static_cast<int>(children.size()) > options.max_candidates)
    children.resize(options.max_candidates);
  LineWriter lines(searcher, state, options.pv_moves, scored);
  out.candidates.reserve(children.size());
  for (const RootChild& child : children) {
    CandidateMove candidate;
    candidate.visits = child.visits;
    candidate.prior = child.prior;
    candidate.wdl = Wdl::from_value(child.value, child.draw);
    candidate.utility = child.utility;
    lines.fill(child.action, candidate);
    out.candidates.push_back(std::move(candidate));
  }

  // The raw policy over the action space.
  if (options.with_policy) {
    const auto eval = searcher.evaluate(state);
    const std::vector<Action> legal = state.legal_actions();
    out.policy.assign(state.game().num_actions(), -1.0f);
    for (size_t i = 0; i < legal.size(); ++i) out.policy[legal[i]] = eval->priors[i];
  }
  return out;
}

PositionAnalysis analyse_position(Searcher& searcher, const State& state,
                                  const SearchBudget& budget, const AnalysisOptions& options) {
  check_budget(budget);
  if (state.is_terminal())
    throw GameError(std::string("the game is over (") + to_string(state.end_reason()) + ")");
  if (state.in_compound_move()) throw GameError("the position is in the middle of a move");
  const Clock::time_point start = Clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };

  // 1. Search until a limit is reached.
  PositionAnalysis out;
  out.stop_reason = "visits";
  const int visits = budget.max_visits > 0 ? budget.max_visits : kMaxVisitsPerSearch;
  searcher.set_position(state);
  searcher.search(visits, /*add_noise=*/false, [&] {
    if (budget.between_simulations) budget.between_simulations(searcher);
    if (budget.stop && budget.stop->load(std::memory_order_relaxed)) {
      out.stop_reason = "stopped";
      return true;
    }
    if (budget.max_time_ms > 0 && elapsed_ms() >= budget.max_time_ms) {
      out.stop_reason = "time";
      return true;
    }
    return false;
  });

  // 2. What it found.
  const std::string reason = out.stop_reason;
  out = summarise_search(searcher, state, options);
  out.stop_reason = reason;
  out.elapsed_ms = elapsed_ms();
  return out;
}

}  // namespace inchzero
