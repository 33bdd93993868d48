#include "train/replay_window.h"

#include <algorithm>
#include <cmath>

#include "core/game.h"

namespace inchzero {

void ReplayConfig::validate() const {
  validate_config(*this, "replay");
  if (max_samples < min_samples)
    throw GameError("config key 'replay.max_samples': " + std::to_string(max_samples) +
                    " must be >= min_samples (" + std::to_string(min_samples) + ")");
}

int64_t window_size(const ReplayConfig& c, int64_t total_samples) {
  if (total_samples <= c.min_samples) return std::max<int64_t>(0, total_samples);
  const double m = static_cast<double>(c.min_samples);
  const double s = m;  // KataGo's taper scale defaults to the minimum
  const double a = c.taper_exponent;
  const double x = static_cast<double>(total_samples) - m + s;
  const double grown = m + c.growth * (std::pow(x, a) - std::pow(s, a)) / (a * std::pow(s, a - 1));
  const int64_t window = static_cast<int64_t>(grown);
  return std::min({window, c.max_samples, total_samples});
}

int64_t training_steps_for(const ReplayConfig& c, int64_t new_samples, int batch_size) {
  if (new_samples <= 0 || batch_size <= 0) return 0;
  int64_t steps = static_cast<int64_t>(c.reuse * static_cast<double>(new_samples) / batch_size);
  if (c.max_steps_per_iteration > 0) steps = std::min(steps, c.max_steps_per_iteration);
  return steps;
}

}  // namespace inchzero
