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

// The full moves of the line starting with each root child of `firsts`
// (at most `max_moves` each). A first move the tree leaves unfinished is
// completed by the network's highest prior, all such lines together in one
// batch per decision; a later move left unfinished is dropped.
std::vector<std::vector<Move>> line_moves(Searcher& searcher, const State& root,
                                          const std::vector<Action>& firsts, int max_moves) {
  std::vector<std::vector<Move>> lines(firsts.size());
  std::vector<Move> partial(firsts.size());
  std::vector<std::unique_ptr<State>> ends(firsts.size());
  for (size_t i = 0; i < firsts.size(); ++i) {
    std::vector<Move>& moves = lines[i];
    Move& current = partial[i];
    std::unique_ptr<State> state = root.clone();
    for (const SearchTree::LineStep& step :
         searcher.tree().principal_line(firsts[i], kMaxLineActions)) {
      state->apply_action(step.action);
      current.push_back(step.action);
      if (!state->in_compound_move() || state->is_terminal()) {
        moves.push_back(std::move(current));
        current.clear();
        if (static_cast<int>(moves.size()) >= max_moves || state->is_terminal()) break;
      }
    }
    ends[i] = std::move(state);
  }
  // Complete the first moves the tree left unfinished.
  for (;;) {
    std::vector<size_t> open;
    std::vector<const State*> states;
    for (size_t i = 0; i < firsts.size(); ++i)
      if (lines[i].empty() && ends[i]->in_compound_move() && !ends[i]->is_terminal()) {
        open.push_back(i);
        states.push_back(ends[i].get());
      }
    if (open.empty()) break;
    const auto evals = searcher.evaluate(states);
    for (size_t k = 0; k < open.size(); ++k) {
      State& state = *ends[open[k]];
      const std::vector<Action> legal = state.legal_actions();
      const auto& priors = evals[k]->priors;
      const Action action = legal[std::max_element(priors.begin(), priors.end()) - priors.begin()];
      state.apply_action(action);
      partial[open[k]].push_back(action);
    }
  }
  for (size_t i = 0; i < firsts.size(); ++i)
    if (lines[i].empty()) lines[i].push_back(std::move(partial[i]));
  return lines;
}

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
  const RootSummary summary = searcher.tree().root_summary();
  PositionAnalysis out;
  const int player = state.current_player();
  const bool scored = keeps_score(state);
  out.current_player = player;
  out.root_visits = summary.visits;
  out.root_wdl = Wdl::from_value(summary.value, summary.draw);
  out.root_utility = summary.utility;
  if (scored) out.score_lead = lead_of(state, player);

  // Candidates, best first.
  std::vector<RootChild> children = summary.children;
  std::stable_sort(children.begin(), children.end(), [](const RootChild& a, const RootChild& b) {
    return a.visits != b.visits ? a.visits > b.visits : a.prior > b.prior;
  });
  if (!children.empty() && children.front().visits > 0)
    children.erase(std::find_if(children.begin(), children.end(),
                                [](const RootChild& c) { return c.visits == 0; }),
                   children.end());
  else if (!children.empty())
    children.resize(1);
  std::vector<Action> firsts;
  for (const RootChild& child : children) firsts.push_back(child.action);
  const std::vector<std::vector<Move>> lines =
      line_moves(searcher, state, firsts, options.pv_moves);
  for (size_t i = 0; i < children.size(); ++i) {
    const RootChild& child = children[i];
    const std::vector<Move>& line = lines[i];
    CandidateMove candidate;
    candidate.move = line.front();
    candidate.visits = child.visits;
    candidate.prior = child.prior;
    candidate.wdl = Wdl::from_value(child.value, child.draw);
    candidate.utility = child.utility;
    std::unique_ptr<State> replay = state.clone();
    for (const Move& move : line) {
      candidate.pv.push_back(replay->move_to_string(move));
      for (Action a : move) replay->apply_action(a);
      if (&move == &line.front()) {
        candidate.text = candidate.pv.back();
        if (scored) candidate.score_lead = lead_of(*replay, player);
      }
    }
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
  if (state.is_terminal()) throw GameError("the game is over (" + state.end_reason() + ")");
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
