#include "train/trainer_config.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace inchzero {
namespace {

void require(bool ok, const std::string& field, const std::string& why) {
  if (!ok) throw GameError("config key 'trainer." + field + "': " + why);
}

}  // namespace

double TrainerConfig::learning_rate_at(int64_t step, double budget_progress) const {
  // Step numbers are 0-based here: `step` completed steps means this is step step+1.
  if (step < warmup_steps) return learning_rate * static_cast<double>(step + 1) / warmup_steps;
  const double t = static_cast<double>(step - warmup_steps);
  if (lr_schedule == "cosine") {
    const double horizon = std::max(1, total_steps - warmup_steps);
    const double progress =
        std::clamp(lr_horizon == "budget" ? budget_progress : t / horizon, 0.0, 1.0);
    const double shape = 0.5 * (1.0 + std::cos(M_PI * progress));
    return learning_rate * (min_lr_fraction + (1.0 - min_lr_fraction) * shape);
  }
  if (lr_schedule == "step")
    return learning_rate * std::pow(lr_step_factor, std::floor(t / lr_step_every));
  return learning_rate;
}

void validate(const TrainerConfig& c) {
  validate_config(c, "trainer");
  // Between fields:
  require(c.lr_schedule != "cosine" || c.lr_horizon == "budget" || c.total_steps > c.warmup_steps,
          "total_steps", "must exceed warmup_steps for the cosine schedule over steps");
  require(c.lr_schedule != "step" || c.lr_step_every >= 1, "lr_step_every",
          "must be >= 1 for the step schedule");
}

TrainerConfig trainer_config_from_yaml(const YAML::Node& node) {
  TrainerConfig config;
  config_fields::read_yaml(config, node, "trainer");
  validate(config);
  return config;
}

nlohmann::json to_json(const TrainerConfig& config) { return config_to_json(config); }

TrainerConfig trainer_config_from_json(const nlohmann::json& json) {
  TrainerConfig config;
  config_fields::read_json(config, json, "trainer");
  validate(config);
  return config;
}

}  // namespace inchzero
