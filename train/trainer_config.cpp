#include "train/trainer_config.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "model/config_fields.h"

namespace inchzero {
namespace {

void require(bool ok, const std::string& field, const std::string& why) {
  if (!ok) throw GameError("trainer config: '" + field + "' " + why);
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
  require(c.batch_size >= 1, "batch_size", "must be >= 1");
  require(c.optimizer == "adamw" || c.optimizer == "sgd", "optimizer",
          "must be adamw or sgd, got '" + c.optimizer + "'");
  require(c.precision == "fp32" || c.precision == "bf16", "precision",
          "must be fp32 or bf16, got '" + c.precision + "'");
  require(c.learning_rate > 0 && c.learning_rate < 10, "learning_rate", "must be in (0, 10)");
  require(c.momentum >= 0 && c.momentum < 1, "momentum", "must be in [0, 1)");
  require(c.adam_beta2 >= 0 && c.adam_beta2 < 1, "adam_beta2", "must be in [0, 1)");
  require(c.weight_decay >= 0, "weight_decay", "must be >= 0");
  require(c.lr_schedule == "constant" || c.lr_schedule == "cosine" || c.lr_schedule == "step",
          "lr_schedule", "must be constant, cosine or step, got '" + c.lr_schedule + "'");
  require(c.warmup_steps >= 0, "warmup_steps", "must be >= 0");
  require(c.lr_horizon == "steps" || c.lr_horizon == "budget", "lr_horizon",
          "must be steps or budget, got '" + c.lr_horizon + "'");
  require(c.lr_schedule != "cosine" || c.lr_horizon == "budget" || c.total_steps > c.warmup_steps,
          "total_steps", "must exceed warmup_steps for the cosine schedule over steps");
  require(c.min_lr_fraction >= 0 && c.min_lr_fraction <= 1, "min_lr_fraction", "must be in [0, 1]");
  require(c.lr_schedule != "step" || c.lr_step_every >= 1, "lr_step_every",
          "must be >= 1 for the step schedule");
  require(c.lr_step_factor > 0 && c.lr_step_factor <= 1, "lr_step_factor", "must be in (0, 1]");
  require(c.grad_clip_norm >= 0, "grad_clip_norm", "must be >= 0 (0 = off)");
  require(c.value_loss_weight >= 0, "value_loss_weight", "must be >= 0");
  require(c.aux_loss_weight >= 0, "aux_loss_weight", "must be >= 0");
}

TrainerConfig trainer_config_from_yaml(const YAML::Node& node) {
  TrainerConfig config;
  config_from_yaml(config, node, "trainer config");
  validate(config);
  return config;
}

nlohmann::json to_json(const TrainerConfig& config) { return config_to_json(config); }

TrainerConfig trainer_config_from_json(const nlohmann::json& json) {
  TrainerConfig config;
  config_from_json(config, json, "trainer config");
  validate(config);
  return config;
}

std::string trainer_config_doc() { return config_doc_table(TrainerConfig{}); }

}  // namespace inchzero
