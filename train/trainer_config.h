// Every training hyperparameter, declared once (YAML in, JSON out, docs).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/config_fields.h"
#include "model/device.h"

namespace inchzero {

struct TrainerConfig {
  int batch_size = 256;
  std::string optimizer = "adamw";
  double learning_rate = 1e-3;
  double momentum = 0.9;
  double adam_beta2 = 0.999;
  double weight_decay = 0.01;
  std::string lr_schedule = "constant";
  int warmup_steps = 200;
  int total_steps = 0;
  std::string lr_horizon = "steps";
  double min_lr_fraction = 0.05;
  int lr_step_every = 0;
  double lr_step_factor = 0.3;
  double grad_clip_norm = 5.0;
  double value_loss_weight = 1.0;
  double aux_loss_weight = 0.25;
  std::string precision = "fp32";
  Device device;  // where the trainer's weights, optimizer state and batches live

  // Learning rate after `step` completed steps (the rate of step `step` + 1).
  // `budget_progress` (0..1) is how much of the run's budget is spent; only
  // the cosine schedule over lr_horizon "budget" reads it.
  double learning_rate_at(int64_t step, double budget_progress = 0) const;

  // One line per field: name, member, meaning, accepted values. The only
  // place a field is named (see core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& c, V&& v) {
    v("batch_size", c.batch_size, "samples per optimisation step", Range{1, kNoLimit});
    v("optimizer", c.optimizer,
      "adamw (Adam with decoupled weight decay) or sgd (Nesterov momentum with L2 decay)",
      Choices{"adamw", "sgd"});
    v("learning_rate", c.learning_rate, "peak learning rate (after warm-up)",
      Range{0, 10, Range::kOpen});
    v("momentum", c.momentum, "sgd momentum; for adamw the first-moment decay beta1",
      Range{0, 1, Range::kOpenHigh});
    v("adam_beta2", c.adam_beta2, "adamw second-moment decay beta2", Range{0, 1, Range::kOpenHigh});
    v("weight_decay", c.weight_decay,
      "decay of conv/linear weights, not biases; adamw: decoupled, w -= lr*decay*w per step "
      "(typical 0.01-0.1); sgd: L2 added to the gradient (typical 1e-4)",
      Range{0, kNoLimit});
    v("lr_schedule", c.lr_schedule,
      "after warm-up: constant, cosine (to min_lr_fraction at total_steps) or step "
      "(times lr_step_factor every lr_step_every steps)",
      Choices{"constant", "cosine", "step"});
    v("warmup_steps", c.warmup_steps, "steps of linear warm-up from 0 to learning_rate",
      Range{0, kNoLimit});
    v("total_steps", c.total_steps,
      "cosine schedule horizon in steps (lr_horizon steps; must exceed warmup_steps)");
    v("lr_horizon", c.lr_horizon,
      "what the cosine schedule spans: steps (total_steps) or budget (the run's budget, "
      "minutes or iterations, whichever is nearer its end; for `inchzero train` its step target) - "
      "a time budget gives different step counts on different CPUs, the budget horizon does not",
      Choices{"steps", "budget"});
    v("min_lr_fraction", c.min_lr_fraction, "cosine floor as a fraction of learning_rate",
      Range{0, 1});
    v("lr_step_every", c.lr_step_every, "step schedule period in steps (required, >= 1, for step)");
    v("lr_step_factor", c.lr_step_factor, "step schedule multiplier per period",
      Range{0, 1, Range::kOpenLow});
    v("grad_clip_norm", c.grad_clip_norm, "clip the global gradient norm to this (0 = off)",
      Range{0, kNoLimit});
    v("value_loss_weight", c.value_loss_weight, "weight of the win/draw/loss cross-entropy",
      Range{0, kNoLimit});
    v("aux_loss_weight", c.aux_loss_weight, "weight of the auxiliary mean squared error",
      Range{0, kNoLimit});
    v("precision", c.precision,
      "fp32, bf16: forward and backward in bf16 autocast (convolutions and linear layers), "
      "fp32 master weights, optimizer and losses, or auto: bf16 on a CUDA device or a CPU with "
      "avx512_bf16 or AMX, fp32 elsewhere (a CPU without them emulates bf16 about 20x slower; "
      "see `inchzero bench train`)",
      Choices{"fp32", "bf16", "auto"});
    v("device", c.device,
      "where training computes: cpu, cuda, cuda:N or auto; files are written with CPU tensors "
      "either way, so they load anywhere");
  }
};

// Throws GameError naming the key ("trainer.batch_size") when a value is out
// of range or a choice unknown, or when fields disagree (the schedules' needs).
void validate(const TrainerConfig& config);
// Defaults overwritten by the keys of the YAML map `node` (the `trainer`
// section); unknown keys and bad values are GameErrors naming them. The
// result is validated.
TrainerConfig trainer_config_from_yaml(const YAML::Node& node);
nlohmann::json to_json(const TrainerConfig& config);
TrainerConfig trainer_config_from_json(const nlohmann::json& json);

}  // namespace inchzero
