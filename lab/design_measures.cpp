#include "lab/design_measures.h"

#include <algorithm>

namespace inchzero::lab {

DesignMeasures measure_design(const std::vector<int>& leads, int winner) {
  DesignMeasures d;
  int leader = kNoPlayer;
  for (int lead : leads) {
    const int now = lead > 0 ? 0 : lead < 0 ? 1 : kNoPlayer;
    if (now == kNoPlayer) continue;
    if (leader != kNoPlayer && now != leader) ++d.lead_changes;
    leader = now;
  }
  if (winner == kNoPlayer) return d;
  // The winner's lead at each position (positive: ahead).
  const int sign = winner == 0 ? 1 : -1;
  int loser_best = 0;
  for (int lead : leads) loser_best = std::max(loser_best, -sign * lead);
  d.decisive_ply = static_cast<int>(leads.size()) - 1;
  for (size_t i = 0; i < leads.size(); ++i) {
    if (sign * leads[i] > loser_best) {
      d.decisive_ply = static_cast<int>(i);
      break;
    }
  }
  for (int lead : leads) {
    if (sign * lead < 0) {
      ++d.trailing_positions;
      d.trailing_deficit -= sign * lead;
    }
  }
  return d;
}

}  // namespace inchzero::lab
