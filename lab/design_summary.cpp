#include "lab/design_summary.h"

namespace inchzero::lab {

DesignSummary summarize_design(const std::vector<GameMetrics>& games) {
  DesignSummary s;
  s.games = static_cast<int>(games.size());
  s.natural_draws.n = s.timeouts.n = s.games;
  std::map<std::string, int> fired_plies;
  for (const GameMetrics& g : games) {
    if (g.end_reason == EndReason::kCap) ++s.timeouts.count;
    if (g.winner == kNoPlayer && g.end_reason != EndReason::kNone &&
        g.end_reason != EndReason::kCap) {
      ++s.natural_draws.count;
    }
    if (!g.design_recorded) continue;
    ++s.recorded;
    const DesignMeasures& d = g.design;
    s.lead_changes_per_game += d.lead_changes;
    if (g.plies > 0) s.lead_change += static_cast<double>(d.lead_changes) / g.plies;
    for (const auto& [fix, plies] : g.fired) {
      FixFiring& f = s.firing[fix];
      ++f.games.n;
      f.games.count += plies > 0 ? 1 : 0;
      fired_plies[fix] += plies;
    }
    if (g.winner == kNoPlayer) continue;
    ++s.decided;
    if (g.plies > 0) s.decisiveness += static_cast<double>(d.decisive_ply) / g.plies;
    if (d.trailing_positions > 0) {
      ++s.comebacks.count;
      s.drama += static_cast<double>(d.trailing_deficit) / d.trailing_positions;
    }
  }
  s.comebacks.n = s.decided;
  if (s.recorded > 0) {
    s.lead_change /= s.recorded;
    s.lead_changes_per_game /= s.recorded;
  }
  if (s.decided > 0) {
    s.decisiveness /= s.decided;
    s.drama /= s.decided;
  }
  for (auto& [fix, f] : s.firing) f.per_game = static_cast<double>(fired_plies[fix]) / f.games.n;
  return s;
}

}  // namespace inchzero::lab
