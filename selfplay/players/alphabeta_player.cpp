#include "selfplay/players/alphabeta_player.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "core/move_sample.h"
#include "selfplay/players/greedy_player.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kWin = 1e9;

struct OutOfTime {};

// A move's immediate value for `mover` (the position after it), by which
// moves are ordered, best first: greedy_value, plus the settings' evaluation
// of an unfinished position. The evaluation orders quiet moves too, so that
// the first of them sets a window that cuts the others' searches.
double immediate_value(const State& after, int mover, const AlphaBetaSettings& settings) {
  const double value = greedy_value(after, mover);
  return settings.evaluation && !after.is_terminal() ? value + settings.evaluation(after, mover)
                                                     : value;
}

class Search {
 public:
  Search(int root_player, Clock::time_point deadline, bool timed, std::mt19937_64& rng,
         const AlphaBetaSettings& settings)
      : root_(root_player), deadline_(deadline), timed_(timed), rng_(rng), settings_(settings) {}

  // The position's value for the root player, `depth` full moves deep.
  double value(const State& state, int depth, int ply, double alpha, double beta) {
    check_time();
    if (state.is_terminal() || depth == 0) return leaf_value(state, ply);
    const bool maximise = state.current_player() == root_;
    if (depth == 1) return frontier_value(state, ply, maximise, alpha, beta);
    // The killer first, as at the frontier (see there): when it cuts, the
    // node's children are never listed, made or ordered (half the work of a
    // three-move search went into ordering them).
    const Move killer = killer_at(ply);  // a copy: the search below may grow killers_
    State& child = child_at(ply, state);
    if (!killer.empty() && apply_if_legal(state, killer, child) &&
        cut_off(maximise, value(child, depth - 1, ply + 1, alpha, beta), alpha, beta))
      return maximise ? alpha : beta;
    for (const Move& move : ordered_moves(state, child)) {
      if (move == killer) continue;  // searched above
      child.copy_from(state);
      child.apply_move(move);
      if (!cut_off(maximise, value(child, depth - 1, ply + 1, alpha, beta), alpha, beta)) continue;
      killer_at(ply) = move;
      break;
    }
    return maximise ? alpha : beta;
  }

  // Narrows the window [alpha, beta] by a child's value `v` for the side to
  // move; true when the window closed (the other children cannot matter).
  static bool cut_off(bool maximise, double v, double& alpha, double& beta) {
    if (maximise)
      alpha = std::max(alpha, v);
    else
      beta = std::min(beta, v);
    return alpha >= beta;
  }

  // A finished game as a win or loss (sooner wins, later losses, preferred)
  // or a draw (0, or -kWin / 2 with draw_is_failure); otherwise the root player's points minus the
  // other's, plus the settings' evaluation (within +-0.5) when there is one.
  double leaf_value(const State& state, int ply) const {
    if (state.is_terminal()) {
      if (state.winner() == kNoPlayer) return settings_.draw_is_failure ? -kWin / 2 : 0;
      return state.winner() == root_ ? kWin - ply : -kWin + ply;
    }
    const double points = state.points(root_) - state.points(1 - root_);
    return settings_.evaluation ? points + settings_.evaluation(state, root_) : points;
  }

  // value() one move above the leaves, where most nodes are: each child is
  // played into one reused state (copy_from: no allocation) and scored at
  // once, instead of cloning every child to order them, and the moves are
  // made as they are scored (visit_sampled_moves), so a cut-off also saves
  // making the rest. Ordering leaves cannot change the result: a value at or
  // beyond the window after a cut-off leaves the parent's bounds as they
  // were.
  //
  // The killer move (the reply that cut the last frontier search at this
  // ply) is tried first where it is legal, before any move is listed. Why:
  // a frontier node is the attacker's reply to one of the defender's moves,
  // and the reply that refuted the defender's previous move usually refutes
  // this one too, so the node cuts after one leaf instead of after 40 % of
  // its replies, and the listing (with its random completions) is never
  // made. The searched moves are the sampled ones plus the killer, so the
  // value can only be that of a wider search.
  double frontier_value(const State& state, int ply, bool maximise, double alpha, double beta) {
    if (!scratch_) scratch_ = state.clone();
    Move& killer = killer_at(ply);
    if (!killer.empty() && apply_if_legal(state, killer, *scratch_) &&
        cut_off(maximise, leaf_value(*scratch_, ply + 1), alpha, beta))
      return maximise ? alpha : beta;
    visit_sampled_moves(state, kDefaultMovesPerFirstDecision, rng_, [&](const Move& move) {
      check_time();
      if (move == killer) return true;  // scored above
      scratch_->copy_from(state);
      scratch_->apply_move(move);
      if (!cut_off(maximise, leaf_value(*scratch_, ply + 1), alpha, beta)) return true;
      killer = move;
      return false;
    });
    return maximise ? alpha : beta;
  }

  Move& killer_at(int ply) {
    if (static_cast<size_t>(ply) >= killers_.size()) killers_.resize(ply + 1);
    return killers_[ply];
  }

  // `out` := `state` after `move` when it is a legal full move there (each
  // decision among the legal ones, the move complete after its last and not
  // before); false otherwise (`out` is then unspecified).
  bool apply_if_legal(const State& state, const Move& move, State& out) {
    out.copy_from(state);
    for (size_t i = 0; i < move.size(); ++i) {
      if (i > 0 && !out.in_compound_move()) return false;
      out.legal_actions_into(actions_);
      if (std::find(actions_.begin(), actions_.end(), move[i]) == actions_.end()) return false;
      out.apply_action(move[i]);
    }
    return !out.in_compound_move();
  }

  void check_time() {
    if (timed_ && (++nodes_ & 63) == 0 && Clock::now() > deadline_) throw OutOfTime{};
  }

  // The moves of `state`, best first for the player to move (their
  // immediate_value), each scored in `scratch` (left unspecified): the
  // children are made again as they are searched, which costs less than
  // keeping a clone of each when most nodes cut after a few.
  std::vector<Move> ordered_moves(const State& state, State& scratch) {
    const int mover = state.current_player();
    std::vector<std::pair<double, Move>> scored;
    for (Move& move : sample_legal_moves(state, kDefaultMovesPerFirstDecision, rng_)) {
      scratch.copy_from(state);
      scratch.apply_move(move);
      scored.emplace_back(immediate_value(scratch, mover, settings_), std::move(move));
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Move> out;
    out.reserve(scored.size());
    for (auto& s : scored) out.push_back(std::move(s.second));
    return out;
  }

  // The reusable state for the children of nodes at `ply` (made once).
  State& child_at(int ply, const State& like) {
    if (static_cast<size_t>(ply) >= children_.size()) children_.resize(ply + 1);
    if (!children_[ply]) children_[ply] = like.clone();
    return *children_[ply];
  }

 private:
  int root_;
  Clock::time_point deadline_;
  bool timed_;
  std::mt19937_64& rng_;
  const AlphaBetaSettings& settings_;
  int64_t nodes_ = 0;
  std::unique_ptr<State> scratch_;                // frontier_value's child
  std::vector<std::unique_ptr<State>> children_;  // by ply: value()'s child
  std::vector<Move> killers_;                     // by ply: the last frontier reply that cut
  std::vector<Action> actions_;                   // apply_if_legal's legal decisions
};

}  // namespace

std::string AlphaBetaPlayerFactory::describe() const {
  return settings_.kind + ":" + std::to_string(settings_.depth) +
         (settings_.time_ms > 0 ? ":ms=" + std::to_string(static_cast<int64_t>(settings_.time_ms))
                                : "");
}

Move AlphaBetaPlayer::choose_move(const State& state) {
  const int root = state.current_player();
  const bool timed = settings_.time_ms > 0;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::microseconds(static_cast<int64_t>(settings_.time_ms * 1000));
  const std::vector<Move> moves = sample_legal_moves(state, kDefaultMovesPerFirstDecision, rng_);
  std::vector<Move> best = moves;  // until a search finishes: any legal move
  for (int depth = timed ? 1 : settings_.depth; depth <= settings_.depth; ++depth) {
    Search search(root, deadline, timed, rng_, settings_);
    try {
      // The root: every move's exact value against the best so far (ties kept).
      std::vector<std::pair<double, const Move*>> scored;
      for (const Move& move : moves) {
        auto after = state.clone();
        after->apply_move(move);
        scored.emplace_back(immediate_value(*after, root, settings_), &move);
      }
      std::stable_sort(scored.begin(), scored.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      double alpha = -std::numeric_limits<double>::infinity();
      std::vector<Move> level_best;
      for (const auto& [unused, move] : scored) {
        auto after = state.clone();
        after->apply_move(*move);
        // A window just below alpha: equal moves are found equal, worse ones cut.
        const double v = search.value(*after, depth - 1, 1, std::nextafter(alpha, -kWin * 2),
                                      std::numeric_limits<double>::infinity());
        if (v > alpha) {
          alpha = v;
          level_best.assign(1, *move);
        } else if (v == alpha) {
          level_best.push_back(*move);
        }
      }
      best = level_best;
    } catch (const OutOfTime&) {
      break;
    }
  }
  return best[std::uniform_int_distribution<size_t>(0, best.size() - 1)(rng_)];
}

}  // namespace inchzero
