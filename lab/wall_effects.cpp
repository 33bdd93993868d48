#include "lab/wall_effects.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace inchzero::lab {
namespace {

// The median of `values` (-1 for none): the mean of the middle two for an
// even count, as docs/lab/README.md quotes medians (61.5 pieces), not
// lab_metrics' nearest-rank quantile (which the length columns use).
double median(std::vector<int> values) {
  if (values.empty()) return -1;
  std::sort(values.begin(), values.end());
  const size_t mid = values.size() / 2;
  if (values.size() % 2 == 1) return values[mid];
  return (values[mid - 1] + values[mid]) / 2.0;
}

// "it lost 6 (5 after its formation fell, 1 with a formation still
// standing at the end)": the nonzero parts of the three-way split.
std::string losses_text(const WallEffect& e) {
  std::string text = fmt::format("it lost {}", e.losses);
  const std::pair<int, const char*> parts[] = {
      {e.fell, "after its formation fell"},
      {e.lost_standing, "with a formation still standing at the end"},
      {e.lost_unbuilt, "without having stood one"}};
  std::string split;
  for (const auto& [count, what] : parts) {
    if (count > 0) split += fmt::format("{}{} {}", split.empty() ? "" : ", ", count, what);
  }
  return split.empty() ? text : text + " (" + split + ")";
}

// "it drew 24, 24 of them behind a proven fortress (...), and led on points in 20".
std::string draws_text(const WallEffect& e) {
  std::string text = fmt::format("it drew {}", e.draws);
  if (e.draws == 0) return text;
  if (e.fortress_draws == 0) {
    text += ", none behind a fortress proven under these rules";
  } else {
    text += fmt::format(
        ", {} of them behind a fortress proven under these rules (standing since a median "
        "ply {:g})",
        e.fortress_draws, e.fortress_since_median);
  }
  return text + fmt::format(", and led on points in {} of its draws", e.draws_led);
}

// "24 at the cap, 8 at the target": most frequent first.
std::string ends_text(const std::map<std::string, int>& ends) {
  std::vector<std::pair<int, std::string>> sorted;
  for (const auto& [reason, count] : ends) sorted.emplace_back(-count, reason);
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  for (const auto& [negative_count, reason] : sorted) {
    text += fmt::format("{}{} by {}", text.empty() ? "" : ", ", -negative_count, reason);
  }
  return text;
}

}  // namespace

WallEffect wall_effect(const std::vector<BuilderGame>& games, int fortress_plies) {
  WallEffect e;
  e.games = static_cast<int>(games.size());
  std::vector<int> built_plies, fortress_since, captured;
  for (const BuilderGame& g : games) {
    const GameMetrics& m = g.metrics;
    const int b = g.builder;
    const bool built = m.uncapturable_ply[b] >= 0;
    if (built) built_plies.push_back(m.uncapturable_ply[b]);
    captured.push_back(m.pieces_captured);
    ++e.ends[to_string(m.end_reason)];
    const int result = g.result();
    if (result > 0) ++e.wins;
    if (result < 0) {
      ++e.losses;
      if (!built) {
        ++e.lost_unbuilt;
      } else if (m.standing_since[b] >= 0) {
        ++e.lost_standing;
      } else {
        ++e.fell;
      }
    }
    if (result != 0) continue;
    ++e.draws;
    if (m.scores[b] > m.scores[1 - b]) ++e.draws_led;
    if (classify_builder_game(g, fortress_plies) != BuilderEnd::kFortress) continue;
    ++e.fortress_draws;
    if (m.fortress_since[b] >= 0) fortress_since.push_back(m.fortress_since[b]);
  }
  e.built = static_cast<int>(built_plies.size());
  e.built_ply_median = median(built_plies);
  e.fortress_since_median = median(fortress_since);
  if (!captured.empty()) {
    e.captured_median = median(captured);
    const auto [least, most] = std::minmax_element(captured.begin(), captured.end());
    e.captured_min = *least;
    e.captured_max = *most;
  }
  return e;
}

std::string wall_effect_text(const WallEffect& e) {
  if (e.games == 0) return "No builder games kept yet.";
  std::string text =
      e.built == 0 ? fmt::format("The builder never stood its formation (0 of {} games); ", e.games)
                   : fmt::format(
                         "The builder stood its formation in {} of {} games (first at a median ply "
                         "{:g}); ",
                         e.built, e.games, e.built_ply_median);
  text += losses_text(e) + "; " + draws_text(e) + fmt::format("; it won {}. ", e.wins);
  text += "Games ended: " + ends_text(e.ends) + ". ";
  text += fmt::format("Pieces captured a game: a median of {:g} ({}–{}).", e.captured_median,
                      e.captured_min, e.captured_max);
  return text;
}

}  // namespace inchzero::lab
