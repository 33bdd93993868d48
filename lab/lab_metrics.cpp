#include "lab/lab_metrics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace inchzero::lab {

double nearest_rank_quantile(std::vector<int> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  // Nearest rank: the smallest value with at least q·n values at or below it.
  const size_t rank = static_cast<size_t>(std::ceil(q * values.size()));
  return values[std::max<size_t>(rank, 1) - 1];
}

std::string rate_text(const Rate& r) {
  const Interval i = r.interval();
  return fmt::format("{:.0f}% [{:.0f}–{:.0f}]", 100 * r.value(), 100 * i.low, 100 * i.high);
}

double entropy_bits(const std::vector<std::string>& labels) {
  std::map<std::string, int> counts;
  for (const std::string& l : labels) ++counts[l];
  double h = 0;
  for (const auto& [label, k] : counts) {
    const double p = static_cast<double>(k) / labels.size();
    h -= p * std::log2(p);
  }
  return h;
}

RuleSetMetrics summarize_games(const std::vector<GameMetrics>& games) {
  RuleSetMetrics r;
  const int n = static_cast<int>(games.size());
  r.games = n;
  for (Rate* rate : {&r.first_wins, &r.draws, &r.second_wins, &r.capped, &r.no_target,
                     &r.stocks_out, &r.uncapturable_games}) {
    rate->n = n;
  }
  if (n == 0) return r;
  std::vector<std::string> openings;
  long positions = 0, two_eyed = 0, wall = 0, multi_edge = 0;
  double sum_length = 0, stocks_out_sum = 0;
  for (const GameMetrics& g : games) {
    if (g.winner == 0) ++r.first_wins.count;
    if (g.winner == 1) ++r.second_wins.count;
    if (g.winner == kNoPlayer) {
      ++r.draws.count;
      ++r.draw_causes[g.end_reason == EndReason::kNone ? "unfinished" : to_string(g.end_reason)];
    }
    r.lengths.push_back(g.plies);
    sum_length += g.plies;
    if (g.end_reason == EndReason::kCap) ++r.capped.count;
    if (!g.target_reached) ++r.no_target.count;
    r.captures_per_game += g.capturing_plies;
    r.pieces_captured_per_game += g.pieces_captured;
    r.longest_no_capture_run += g.longest_no_capture_run;
    if (g.stocks_out_ply >= 0) {
      ++r.stocks_out.count;
      stocks_out_sum += g.stocks_out_ply;
    }
    r.rescues_per_game += g.rescues;
    positions += g.positions;
    two_eyed += g.two_eyed_positions;
    wall += g.wall_positions;
    multi_edge += g.multi_edge_positions;
    if (g.uncapturable_ply[0] >= 0 || g.uncapturable_ply[1] >= 0) ++r.uncapturable_games.count;
    openings.push_back(g.first_move);
  }
  r.balance = 1.0 - std::abs(r.first_wins.value() - r.second_wins.value());
  r.length_mean = sum_length / n;
  r.length_median = nearest_rank_quantile(r.lengths, 0.5);
  r.length_p95 = nearest_rank_quantile(r.lengths, 0.95);
  r.captures_per_game /= n;
  r.pieces_captured_per_game /= n;
  r.longest_no_capture_run /= n;
  r.rescues_per_game /= n;
  r.stocks_out_ply = r.stocks_out.count > 0 ? stocks_out_sum / r.stocks_out.count : 0;
  if (positions > 0) {
    r.two_eyed_share = static_cast<double>(two_eyed) / positions;
    r.wall_share = static_cast<double>(wall) / positions;
    r.multi_edge_share = static_cast<double>(multi_edge) / positions;
  }
  r.opening_entropy_bits = entropy_bits(openings);
  return r;
}

int BuilderGame::result() const {
  if (metrics.winner == kNoPlayer) return 0;
  return metrics.winner == builder ? 1 : -1;
}

BuilderEnd classify_builder_game(const BuilderGame& game, int fortress_plies) {
  const GameMetrics& m = game.metrics;
  if (m.winner != kNoPlayer) return BuilderEnd::kDecided;
  for (int p = 0; p < 2; ++p) {
    const bool stood_throughout =
        m.fortress_since[p] >= 0 && m.plies - m.fortress_since[p] >= fortress_plies;
    if (m.fortress_recorded && stood_throughout && m.fortress_needed[p])
      return BuilderEnd::kFortress;
  }
  if (m.end_reason == EndReason::kCap || m.end_reason == EndReason::kNoCaptureLimit ||
      (m.scores[0] == 0 && m.scores[1] == 0)) {
    return BuilderEnd::kClock;
  }
  return BuilderEnd::kOtherDraw;
}

AgentPoints agent_points(const std::vector<BuilderGame>& games) {
  AgentPoints sum;
  for (const BuilderGame& g : games) {
    const int agent = 1 - g.builder;
    sum.recorded = sum.recorded && g.metrics.self_capture_recorded;
    sum.points += g.metrics.scores[agent];
    sum.self_capture += g.metrics.self_capture_points[agent];
  }
  return sum;
}

int games_with_builder_formation(const std::vector<BuilderGame>& games) {
  return static_cast<int>(std::count_if(games.begin(), games.end(), [](const BuilderGame& g) {
    return g.metrics.uncapturable_ply[g.builder] >= 0;
  }));
}

BuilderDraws count_builder_draws(const std::vector<BuilderGame>& games, int fortress_plies) {
  BuilderDraws d;
  for (const BuilderGame& g : games) {
    switch (classify_builder_game(g, fortress_plies)) {
      case BuilderEnd::kFortress:
        ++d.fortress;
        break;
      case BuilderEnd::kClock:
        ++d.clock;
        break;
      case BuilderEnd::kOtherDraw:
        ++d.other;
        break;
      case BuilderEnd::kDecided:
        break;
    }
  }
  return d;
}

}  // namespace inchzero::lab
