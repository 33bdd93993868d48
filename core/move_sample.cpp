#include "core/move_sample.h"

#include <algorithm>
#include <memory>
#include <set>
#include <stdexcept>

namespace inchzero {
namespace {

// Depth-first listing of the completions of `state` after `prefix` (from a
// move boundary: all full moves); false as soon as more than `limit` are
// found. Every offered decision can be completed (State::legal_actions), so
// each branch visited ends in a move and the walk costs at most
// (limit + 1) × move length steps.
bool list_completions(const State& state, Move& prefix, size_t limit, std::vector<Move>& out) {
  for (Action a : state.legal_actions()) {
    std::unique_ptr<State> child = state.clone();
    child->apply_action(a);
    prefix.push_back(a);
    if (child->in_compound_move()) {
      if (!list_completions(*child, prefix, limit, out)) return false;
    } else {
      out.push_back(prefix);
      if (out.size() > limit) return false;
    }
    prefix.pop_back();
  }
  return true;
}

// One completion (State::random_completion). Why not legal_actions(): where
// a decision's legality needs a search of its own (Inchworm's group
// limits), listing them all judges every candidate, and a draw judges only
// until one passes — for a tall stack under max-eyes-1 that was most of the
// cost of a search player.
Move random_completion(const State& after_first, Action first, std::mt19937_64& rng) {
  Move move{first};
  for (Action a : after_first.random_completion(rng)) move.push_back(a);
  return move;
}

}  // namespace

bool visit_sampled_moves(const State& state, int per_first_decision, std::mt19937_64& rng,
                         const std::function<bool(const Move&)>& visit) {
  if (per_first_decision < 1) {
    throw std::invalid_argument("sample_legal_moves: per_first_decision must be at least 1");
  }
  const size_t limit = static_cast<size_t>(per_first_decision);
  for (Action first : state.legal_actions()) {
    std::unique_ptr<State> after = state.clone();
    after->apply_action(first);
    if (!after->in_compound_move()) {
      if (!visit({first})) return false;
      continue;
    }
    // Step 1: all completions, if there are few enough.
    std::vector<Move> listed;
    Move prefix{first};
    if (list_completions(*after, prefix, limit, listed)) {
      for (const Move& move : listed)
        if (!visit(move)) return false;
      continue;
    }
    // Step 2: too many — random completions, each move once.
    std::set<Move> seen;
    for (size_t k = 0; k < limit; ++k) {
      Move move = random_completion(*after, first, rng);
      if (seen.insert(move).second && !visit(move)) return false;
    }
  }
  return true;
}

std::vector<Move> sample_legal_moves(const State& state, int per_first_decision,
                                     std::mt19937_64& rng) {
  std::vector<Move> out;
  visit_sampled_moves(state, per_first_decision, rng, [&](const Move& move) {
    out.push_back(move);
    return true;
  });
  return out;
}

bool list_legal_moves(const State& state, size_t limit, std::vector<Move>* out) {
  out->clear();
  Move prefix;
  return list_completions(state, prefix, limit, *out);
}

}  // namespace inchzero
