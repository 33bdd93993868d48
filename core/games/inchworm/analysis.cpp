#include "core/games/inchworm/analysis.h"

#include <algorithm>

#include "core/games/inchworm/captures.h"

namespace inchzero::inchworm {
namespace {

// Split `cells` into its orthogonally connected components.
std::vector<Bits> components(Bits cells, const Geometry& geo) {
  std::vector<Bits> out;
  while (cells.any()) {
    Bits part = geo.flood(Bits::single(cells.lowest()), cells);
    out.push_back(part);
    cells = cells.minus(part);
  }
  return out;
}

bool opposite_edges(uint8_t edges) {
  return ((edges & kEdgeWest) && (edges & kEdgeEast)) ||
         ((edges & kEdgeSouth) && (edges & kEdgeNorth));
}

}  // namespace

std::vector<Bits> groups_of(const Position& pos, int player, const Geometry& geo) {
  return components(pos.stacks(player), geo);
}

int eyes_of_group(const Position& pos, int player, const Bits& group, const Geometry& geo) {
  const Bits eyes = eye_cells(pos, player, geo, /*eye_max_size=*/0);
  const Bits touching = geo.orth_spread(group) & eyes;
  if (touching.none()) return 0;
  // Distinct eye regions among the touched squares: flood each within `eyes`.
  int count = 0;
  Bits left = touching;
  while (left.any()) {
    left = left.minus(geo.flood(Bits::single(left.lowest()), eyes));
    ++count;
  }
  return count;
}

uint8_t edges_touched(const Bits& group, const Geometry& geo) {
  uint8_t edges = 0;
  for_each_cell(group, [&](int c) { edges |= geo.edges_of(c); });
  return edges;
}

Formations find_formations(const Position& pos, int player, const Geometry& geo) {
  Formations f;
  for (const Bits& group : groups_of(pos, player, geo)) {
    const uint8_t edges = edges_touched(group, geo);
    f.wall |= opposite_edges(edges);
    f.multi_edge |= __builtin_popcount(edges) > 1;
    if (!f.two_eyed) f.two_eyed = eyes_of_group(pos, player, group, geo) >= 2;
  }
  return f;
}

GameMetricsRecorder::GameMetricsRecorder(const InchwormState& start) { observe(start); }

void GameMetricsRecorder::observe(const InchwormState& state) {
  ++m_.positions;
  bool two_eyed = false, wall = false, multi_edge = false;
  for (int p = 0; p < 2; ++p) {
    const Formations f = find_formations(state.position(), p, state.geometry());
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

void GameMetricsRecorder::after_move(const InchwormState& before, const Move& move,
                                     const InchwormState& after) {
  if (m_.first_move.empty()) m_.first_move = before.move_to_string(move);
  // A rescue is the only move that lowers the opponent's prisoner count.
  const int opponent = 1 - before.to_move();
  if (after.prisoners(opponent) < before.prisoners(opponent)) ++m_.rescues;
  const CaptureResult& captured = after.last_captures();
  if (captured.any()) {
    ++m_.capturing_plies;
    m_.pieces_captured += captured.pieces[0] + captured.pieces[1];
    run_ = 0;
  } else {
    m_.longest_no_capture_run = std::max(m_.longest_no_capture_run, ++run_);
  }
  observe(after);
}

GameMetrics GameMetricsRecorder::finish(const InchwormState& final_state) {
  m_.winner = final_state.winner();
  m_.end_reason = final_state.end_reason();
  m_.plies = final_state.ply();
  m_.final_no_capture_run = run_;
  const int target = final_state.rules().target_score;
  for (int p = 0; p < 2; ++p) {
    m_.scores[p] = final_state.score(p);
    if (target > 0 && m_.scores[p] >= target) m_.target_reached = true;
  }
  return m_;
}

GameMetrics measure_game(const InchwormState& start, const std::vector<std::string>& moves) {
  std::unique_ptr<InchwormState> state = start.clone_state();
  GameMetricsRecorder recorder(*state);
  for (const std::string& text : moves) {
    const Move move = state->parse_move(text);
    std::unique_ptr<InchwormState> before = state->clone_state();
    state->apply_move(move);
    recorder.after_move(*before, move, *state);
  }
  return recorder.finish(*state);
}

}  // namespace inchzero::inchworm
