#include "lab/game_metrics.h"

#include <algorithm>
#include <memory>
#include <random>

#include "core/games/inchworm/analysis.h"
#include "core/games/inchworm/captures.h"
#include "core/games/inchworm/fortress.h"
#include "core/move_sample.h"

namespace inchzero::lab {

GameMetricsRecorder::GameMetricsRecorder(const inchworm::InchwormState& start)
    : firing_(start.inchworm_game()) {
  observe(start);
}

void GameMetricsRecorder::observe(const inchworm::InchwormState& state) {
  ++m_.positions;
  leads_.push_back(state.score(0) - state.score(1));
  bool two_eyed = false, wall = false, multi_edge = false;
  for (int p = 0; p < 2; ++p) {
    const inchworm::Formations f = inchworm::find_formations(state.position(), p, state.geometry());
    two_eyed |= f.two_eyed;
    wall |= f.wall;
    multi_edge |= f.multi_edge;
    if (f.uncapturable() && m_.uncapturable_ply[p] < 0) m_.uncapturable_ply[p] = state.ply();
    // Kept for every position; finish() reports the last one's.
    if (!f.uncapturable()) {
      m_.standing_since[p] = -1;
    } else if (m_.standing_since[p] < 0) {
      m_.standing_since[p] = state.ply();
    }
    observe_fortress(state, p, f.two_eyed);
    m_.wall_at_end[p] = f.wall;
    m_.two_eyed_at_end[p] = f.two_eyed;
  }
  m_.two_eyed_positions += two_eyed;
  m_.wall_positions += wall;
  m_.multi_edge_positions += multi_edge;
  if (m_.stocks_out_ply < 0 && state.stock(0) == 0 && state.stock(1) == 0) {
    m_.stocks_out_ply = state.ply();
  }
}

void GameMetricsRecorder::observe_fortress(const inchworm::InchwormState& state, int player,
                                           bool two_eyed) {
  // find_fortress judges two-eyed groups and, under menke, a group that is
  // all its owner has; so elsewhere the proof runs only where
  // find_formations saw a two-eyed group.
  const inchworm::FortressProof proof =
      two_eyed || state.rules().menke
          ? inchworm::find_fortress(state.position(), player, state.geometry(), state.rules())
          : inchworm::FortressProof{};
  if (!proof.proven) {
    m_.fortress_since[player] = -1;
    m_.fortress_needed[player] = false;
    return;
  }
  if (m_.fortress_since[player] < 0) m_.fortress_since[player] = state.ply();
  m_.fortress_needed[player] =
      inchworm::target_needs_group(state.position(), player, proof.group, state.rules());
  if (state.to_move() == player && state.stock(player) == 0 && !state.is_terminal())
    observe_stockless_fortress(state, player);
}

void GameMetricsRecorder::observe_stockless_fortress(const inchworm::InchwormState& state,
                                                     int player) {
  ++m_.stockless_fortress_positions[player];
  // One legal move after which a proven fortress of the player still stands
  // is enough: it need not break it (this turn). A sample of the moves (a
  // few per first decision, seeded by the position) nearly always has one;
  // only when it has none are all of them listed, which for a tall stack's
  // distributions can be millions of paths.
  auto keeps = [&](const Move& move) {
    auto after = state.clone_state();
    after->apply_move(move);
    return inchworm::find_fortress(after->position(), player, after->geometry(), after->rules())
        .proven;
  };
  std::mt19937_64 rng(state.hash());
  for (const Move& move : sample_legal_moves(state, 4, rng))
    if (keeps(move)) return;
  for (const Move& move : state.legal_moves())
    if (keeps(move)) return;
  ++m_.forced_breaks[player];
}

void GameMetricsRecorder::after_move(const inchworm::InchwormState& before, const Move& move,
                                     const inchworm::InchwormState& after) {
  if (m_.first_move.empty()) m_.first_move = before.move_to_string(move);
  // A rescue is the only move that lowers the opponent's prisoner count.
  const int opponent = 1 - before.to_move();
  if (after.prisoners(opponent) < before.prisoners(opponent)) ++m_.rescues;
  const inchworm::CaptureResult& captured = after.last_captures();
  const int mover = before.to_move();
  if (captured.pieces[mover] > 0) {
    m_.self_capture_pieces[mover] += captured.pieces[mover];
    // A score grows by the opponent's pieces captured plus enclosed-space points.
    const int gained = after.score(mover) - before.score(mover) - captured.pieces[opponent];
    m_.self_capture_points[mover] += std::max(0, gained);
  }
  if (captured.any()) {
    ++m_.capturing_plies;
    m_.pieces_captured += captured.pieces[0] + captured.pieces[1];
    run_ = 0;
  } else {
    m_.longest_no_capture_run = std::max(m_.longest_no_capture_run, ++run_);
  }
  firing_.after_move(before, move, after);
  observe(after);
}

GameMetrics GameMetricsRecorder::finish(const inchworm::InchwormState& final_state) {
  m_.winner = final_state.winner();
  m_.end_reason = final_state.end_reason();
  m_.plies = final_state.ply();
  m_.final_no_capture_run = run_;
  const int target = final_state.rules().target_score;
  for (int p = 0; p < 2; ++p) {
    m_.scores[p] = final_state.score(p);
    if (target > 0 && m_.scores[p] >= target) m_.target_reached = true;
  }
  firing_.finish(final_state);
  m_.design_recorded = true;
  m_.self_capture_recorded = true;
  m_.fortress_recorded = true;
  m_.design = measure_design(leads_, m_.winner);
  m_.fired = firing_.counts();
  return m_;
}

GameMetrics measure_game(const inchworm::InchwormState& start,
                         const std::vector<std::string>& moves) {
  std::unique_ptr<inchworm::InchwormState> state = start.clone_state();
  GameMetricsRecorder recorder(*state);
  for (const std::string& text : moves) {
    const Move move = state->parse_move(text);
    std::unique_ptr<inchworm::InchwormState> before = state->clone_state();
    state->apply_move(move);
    recorder.after_move(*before, move, *state);
  }
  return recorder.finish(*state);
}

}  // namespace inchzero::lab
