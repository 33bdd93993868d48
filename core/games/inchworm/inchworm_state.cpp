#include "core/games/inchworm/inchworm_state.h"

#include <algorithm>
#include <cassert>

#include "core/games/inchworm/limits.h"
#include "core/games/inchworm/paths.h"

namespace inchzero::inchworm {

InchwormState::InchwormState(std::shared_ptr<const InchwormGame> game, const Position& pos, int ply,
                             int plies_since_capture, int pass_streak)
    : game_(std::move(game)),
      pos_(pos),
      ply_(ply),
      plies_since_capture_(plies_since_capture),
      pass_streak_(pass_streak) {
  if (ply < 0 || plies_since_capture < 0 || pass_streak < 0 || pass_streak > 2)
    throw GameError("bad counters: ply, plies since capture and pass streak (0..2) must be >= 0");
  history_.push_back(pos_.hash());
  settle_end();
}

std::unique_ptr<State> InchwormState::clone() const {
  return std::make_unique<InchwormState>(*this);
}

void InchwormState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  if (is_terminal()) return;
  const bool restricted = rules().restricts_moves();
  const int64_t search_nodes = rules().completion_search_nodes();
  for_each_candidate([&](Action a) {
    if (!restricted || candidate_legal(a, search_nodes)) out.push_back(a);
  });
  if (!out.empty()) return;
  // Pass only when nothing else is legal (the fixes never forbid it).
  if (cursor_.kind == MoveKind::kNone) {
    out.push_back(game_->layout().pass());
    return;
  }
  // A distribution's next square: the decision that led here was offered
  // because a completion was found, so some next square has one; a bounded
  // search from each square alone can still miss it (it lacks the dead ends
  // its parent search had learned). Then the parent's search, run again from
  // here, names one (completion_witness); unbounded only for a position
  // that was not reached through an offered decision. Rare.
  if (cursor_.kind != MoveKind::kCollect && restricted) {
    const int next = completion_witness();
    if (next >= 0) out.push_back(game_->layout().to(next));
  }
}

int InchwormState::completion_witness() const {
  for (const int64_t max_nodes : {rules().completion_search_nodes(), INT64_MAX}) {
    Position scratch = pos_;
    Bits free = geometry().all_cells().minus(pos_.occupied());
    int next = -1;
    if (find_legal_distribution(scratch, free, cursor_.last, cursor_.pieces_left, geometry(),
                                rules(), max_nodes, &next) == Completion::kFound)
      return next;
  }
  return -1;
}

Action InchwormState::random_legal_action(std::mt19937_64& rng,
                                          std::vector<Action>& scratch) const {
  const bool restricted = rules().restricts_moves();
  scratch.clear();
  for_each_candidate([&](Action a) { scratch.push_back(a); }, /*check_paths=*/restricted);
  // As legal_actions_into: bounded searches first, then (a distribution's
  // next square under move limits only) the witness of one search from here.
  const int64_t max_nodes = rules().completion_search_nodes();
  auto legal = [&](Action a) { return restricted ? candidate_legal(a, max_nodes) : path_open(a); };
  for (size_t n = scratch.size(); n > 0; --n) {
    const size_t k = std::uniform_int_distribution<size_t>(0, n - 1)(rng);
    if (legal(scratch[k])) return scratch[k];
    std::swap(scratch[k], scratch[n - 1]);  // judged illegal: out of the draw
  }
  // As legal_actions_into: a distribution's next square under move limits
  // that no bounded search from a square found comes from one search from
  // here.
  if (restricted && cursor_.kind != MoveKind::kNone && cursor_.kind != MoveKind::kCollect) {
    const int next = completion_witness();
    if (next >= 0) return game_->layout().to(next);
  }
  if (cursor_.kind == MoveKind::kNone) return game_->layout().pass();
  throw GameError("no legal decision in a move in progress: " + to_position());
}

std::vector<Action> InchwormState::random_completion(std::mt19937_64& rng) const {
  const bool distributing = cursor_.kind != MoveKind::kNone && cursor_.kind != MoveKind::kCollect;
  if (rules().restricts_moves() && distributing) {
    Position scratch = pos_;
    Bits free = geometry().all_cells().minus(pos_.occupied());
    std::vector<int> path;
    if (random_legal_distribution(scratch, free, cursor_.last, cursor_.pieces_left, geometry(),
                                  rules(), rules().completion_search_nodes(), rng,
                                  path) == Completion::kFound) {
      std::vector<Action> rest;
      for (int c : path) rest.push_back(game_->layout().to(c));
      return rest;
    }
  }
  return State::random_completion(rng);
}

bool InchwormState::path_open(Action action) const {
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const Bits free = geo.all_cells().minus(pos_.occupied());
  const ActionKind kind = layout.kind(action);
  if (kind == ActionKind::kDistributeFrom) {
    const int c = layout.cell(action);
    return king_path_exists(geo, free, c, pos_.height(c) - 1);
  }
  if (kind == ActionKind::kTo && cursor_.kind != MoveKind::kNone &&
      cursor_.kind != MoveKind::kCollect) {
    const int c = layout.cell(action);
    Bits rest = free;
    rest.reset(c);
    return king_path_exists(geo, rest, c, cursor_.pieces_left - 1);
  }
  return true;
}

template <class Offer>
void InchwormState::for_each_candidate(Offer&& offer, bool check_paths) const {
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const int me = pos_.to_move();
  if (cursor_.kind == MoveKind::kNone) {
    const Rules& r = rules();
    const int opp = 1 - me;
    const Bits own = pos_.stacks(me);
    const Bits empty = geo.all_cells().minus(pos_.occupied());
    if (pos_.stock(me) > 0) for_each_cell(empty | own, [&](int c) { offer(layout.drop(c)); });
    if (r.drop_prisoners && pos_.prisoners(me) > 0)
      for_each_cell(empty, [&](int c) { offer(layout.prisoner_drop(c)); });
    for_each_cell(own, [&](int c) {
      if (geo.king_mask(c).intersects(own)) offer(layout.collect_from(c));
    });
    const int num_empty = empty.count();
    for_each_cell(own, [&](int c) {
      const int h = pos_.height(c);
      if (h >= 2 && h - 1 <= num_empty && (!check_paths || king_path_exists(geo, empty, c, h - 1)))
        offer(layout.distribute_from(c));
    });
    if (pos_.prisoners(opp) > 0) offer(layout.rescue());
    return;
  }
  if (cursor_.kind == MoveKind::kCollect) {
    if (cursor_.direction < 0) {
      // Second square: any own stack one straight step away fixes the line.
      Bits next;
      for (int d = 0; d < kNumDirections; ++d) {
        const int n = geo.step(cursor_.last, d);
        if (n >= 0 && pos_.owner(n) == me) next.set(n);
      }
      for_each_cell(next, [&](int c) { offer(layout.to(c)); });
    } else {
      // The move is still open, so the line can go on (see advance_move).
      offer(layout.to(geo.step(cursor_.last, cursor_.direction)));
      offer(layout.end_collect());
    }
    return;
  }
  // Distribution: an empty king neighbour from which the remaining pieces
  // still find a path.
  const Bits free = geo.all_cells().minus(pos_.occupied());
  for_each_cell(geo.king_mask(cursor_.last) & free, [&](int c) {
    if (!check_paths) {
      offer(layout.to(c));
      return;
    }
    Bits rest = free;
    rest.reset(c);
    if (king_path_exists(geo, rest, c, cursor_.pieces_left - 1)) offer(layout.to(c));
  });
}

bool InchwormState::candidate_legal(Action action, int64_t max_nodes) const {
  // Ending a collect finishes the move as it stands; every other decision
  // needs a completion.
  if (action == game_->layout().end_collect()) return limits_hold(pos_);
  return completion_exists_after(action, max_nodes);
}

bool InchwormState::limits_hold(Position scratch) const {
  return limits_hold_after(std::move(scratch), geometry(), rules());
}

bool InchwormState::completion_exists_after(Action action, int64_t max_nodes) const {
  Position scratch = pos_;
  MoveCursor cursor = cursor_;
  if (advance_move(scratch, cursor, action, geometry(), game_->layout()))
    return limits_hold(scratch);
  return completion_exists(scratch, cursor, max_nodes);
}

bool InchwormState::completion_exists(const Position& pos, const MoveCursor& cursor,
                                      int64_t max_nodes) const {
  const Geometry& geo = geometry();
  const ActionLayout& layout = game_->layout();
  const int me = pos.to_move();
  // Try one more TO decision and whatever can follow it.
  auto try_to = [&](int c) {
    Position next_pos = pos;
    MoveCursor next = cursor;
    if (advance_move(next_pos, next, layout.to(c), geo, layout)) return limits_hold(next_pos);
    return completion_exists(next_pos, next, max_nodes);
  };
  if (cursor.kind == MoveKind::kCollect) {
    if (cursor.direction >= 0)
      return limits_hold(pos) || try_to(geo.step(cursor.last, cursor.direction));
    for (int d = 0; d < kNumDirections; ++d) {
      const int n = geo.step(cursor.last, d);
      if (n >= 0 && pos.owner(n) == me && try_to(n)) return true;
    }
    return false;
  }
  // Distribution: the first full path whose result respects the limits
  // (the search is pruned: see limits_broken_for_good). The search is
  // bounded by the option limit_search_nodes, and a decision whose
  // completion is not found within the bound is not offered: every offered decision still completes
  // into a legal move, at the price of (rarely) leaving out a legal one. Why: for a tall stack
  // whose partial path has no legal completion, or only rare ones, the exact search took minutes
  // for one decision on 8 x 8 (a 21-stack under max-eyes-1 in self-play), which stalled whole
  // training runs.
  Position scratch = pos;
  Bits free = geo.all_cells().minus(pos.occupied());
  return find_legal_distribution(scratch, free, cursor.last, cursor.pieces_left, geo, rules(),
                                 max_nodes) == Completion::kFound;
}

void InchwormState::apply_action(Action action) {
#ifndef NDEBUG
  {
    std::vector<Action> legal = legal_actions();
    assert(std::binary_search(legal.begin(), legal.end(), action));
  }
#endif
  const ActionLayout& layout = game_->layout();
  const ActionKind kind = layout.kind(action);
  if (kind == ActionKind::kCollectFrom || kind == ActionKind::kDistributeFrom) num_squares_ = 0;
  if (kind == ActionKind::kCollectFrom || kind == ActionKind::kDistributeFrom ||
      kind == ActionKind::kTo)
    squares_[num_squares_++] = static_cast<uint8_t>(layout.cell(action));
  if (advance_move(pos_, cursor_, action, geometry(), layout))
    finish_move(kind == ActionKind::kPass);
}

void InchwormState::finish_move(bool was_pass) {
  const int me = pos_.to_move();
  // 1. Captures (after every move, pass and rescue included).
  last_captures_ = resolve_captures(pos_, me, geometry(), rules());
  // 2. Counters.
  ++ply_;
  pass_streak_ = was_pass ? pass_streak_ + 1 : 0;
  plies_since_capture_ = last_captures_.any() ? 0 : plies_since_capture_ + 1;
  pos_.set_to_move(1 - me);
  num_squares_ = 0;
  // 3. Repetition history: a capture raised a score, so no earlier state can
  //    come back.
  if (last_captures_.any()) history_.clear();
  history_.push_back(pos_.hash());
  occurrences_ = static_cast<int>(std::count(history_.begin(), history_.end(), pos_.hash()));
  // 4. End of the game.
  settle_end();
}

void InchwormState::settle_end() {
  const Rules& r = rules();
  const int red = pos_.score(kRed), blue = pos_.score(kBlue);
  const int by_score = red > blue ? kRed : blue > red ? kBlue : kNoPlayer;
  auto end = [&](EndReason reason, int winner) {
    end_ = reason;
    winner_ = winner;
  };
  if (r.target_score > 0 && (red >= r.target_score || blue >= r.target_score)) {
    end(EndReason::kTarget, by_score);
  } else if (r.no_capture_limit > 0 &&
             plies_since_capture_ >= r.no_capture_limit + (r.no_capture_limit_per_piece > 0
                                                               ? r.no_capture_limit_per_piece *
                                                                     (pos_.pieces_on_board(kRed) +
                                                                      pos_.pieces_on_board(kBlue))
                                                               : 0)) {
    end(EndReason::kNoCaptureLimit, by_score);
  } else if (r.repetition_draw > 0 && occurrences_ >= r.repetition_draw) {
    end(EndReason::kRepetition, kNoPlayer);
  } else if (r.max_plies > 0 && ply_ >= r.max_plies) {
    end(EndReason::kCap, r.cap_by_score ? by_score : kNoPlayer);
  } else if (pass_streak_ >= 2) {
    end(EndReason::kStalemate, r.stalemate_by_score ? by_score : kNoPlayer);
  }
}

uint64_t InchwormState::hash() const {
  uint64_t h = pos_.hash();
  h ^= mix64((uint64_t{3} << 40) | uint64_t(ply_));
  h ^= mix64((uint64_t{4} << 40) | uint64_t(plies_since_capture_));
  h ^= mix64((uint64_t{5} << 40) | uint64_t(pass_streak_));
  h ^= mix64((uint64_t{6} << 40) | uint64_t(occurrences_));
  if (in_compound_move())
    h ^= mix64((uint64_t{7} << 40) | (uint64_t(cursor_.kind) << 36) |
               (uint64_t(squares_[0]) << 28) | (uint64_t(cursor_.last) << 20) |
               (uint64_t(cursor_.direction + 1) << 16) | uint64_t(cursor_.pieces_left));
  return h;
}

}  // namespace inchzero::inchworm
