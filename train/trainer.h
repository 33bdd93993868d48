// The optimisation step and checkpoints (no LibTorch in this header).
//
// A Trainer owns a Network, its optimizer, the step counter and an RNG for
// the data pipeline. step() runs one update on a TrainingBatch. A checkpoint
// holds all of it, so a resumed trainer takes exactly the same next step as
// one that never stopped (given the same batches).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <random>
#include <string>

#include "model/device.h"
#include "model/network.h"
#include "train/gradient_sync.h"
#include "train/trainer_config.h"
#include "train/training_batch.h"

namespace inchzero {

struct StepStats {
  int64_t step = 0;          // steps completed, including this one
  double learning_rate = 0;  // rate used by this step
  double loss = 0;           // weighted total minimised
  double policy_loss = 0;    // cross-entropy per weighted sample (0 if no policy weight)
  double value_loss = 0;     // WDL cross-entropy per sample
  double aux_loss = 0;       // auxiliary MSE per sample and output (0 without aux head)
  double policy_weight = 0;  // sum of policy weights in the batch
  double grad_norm = 0;      // global gradient norm before clipping
  nlohmann::json to_json() const;
};

// What trainer.precision `setting` ("fp32", "bf16" or "auto") computes in on
// the resolved training `device`: "fp32" or "bf16". Auto is bf16 on a CUDA
// device and on a CPU with avx512_bf16 or AMX (cpu_features()), fp32 on
// other CPUs. Why: without those units bf16 is emulated, and training
// (`inchzero bench train`, 5x5 board, batch 128, AMD Zen 3) ran 435 samples/s
// in bf16 against 9,937 in fp32.
std::string training_precision(const std::string& setting, const Device& device);

// What data-parallel ranks train in when `bf16_ranks` of `ranks` decided
// bf16 for their own device and this rank decided `mine`: under `auto`,
// bf16 only if every rank has it, else fp32 on all. Why: a rank without
// bf16 units would emulate it (~20x slower, measured above) and hold every
// other rank up, since each step waits for all; and ranks computing in
// different precisions would not take the same step. A named setting is
// the same on every rank (one config) and is kept.
std::string group_precision(const std::string& setting, const std::string& mine, int bf16_ranks,
                            int ranks);

class Trainer {
 public:
  // Train `network` (taken over; do not use it elsewhere while training; a
  // channels-last network is replaced by an NCHW copy, and one not on
  // config.device by a copy there: weights, optimizer state and batches
  // live on that device). `seed` seeds rng(). Throws GameError on an invalid
  // config or a device that cannot be had (naming trainer.device).
  Trainer(std::shared_ptr<Network> network, const TrainerConfig& config, uint64_t seed);
  ~Trainer();
  Trainer(const Trainer&) = delete;
  Trainer& operator=(const Trainer&) = delete;

  // One optimisation step. Throws GameError if the batch's arrays do not fit
  // the network (see TrainingBatch::check).
  //   loss = policy_loss + value_loss_weight·value_loss + aux_loss_weight·aux_loss
  // policy_loss = Σ_i w_i·CE(policy_target_i, softmax(logits_i)) / Σ_i w_i,
  // so cheap-search rows (w = 0) do not dilute the policy gradient.
  StepStats step(const TrainingBatch& batch);

  // Data-parallel training (gradient_sync.h): from now on step() takes a
  // batch that is this rank's share, normalises by the whole batch and sums
  // the gradients over the ranks. `sync` must outlive the trainer's steps;
  // nullptr returns to training alone.
  void set_gradient_sync(GradientSync* sync);
  // How much of the run's budget is spent (0..1), for a cosine schedule over
  // lr_horizon "budget"; the run loop sets it before each training phase.
  void set_budget_progress(double progress);
  // Overwrite the network's parameters with rank 0's (after loading, so
  // that every rank starts from the same weights), and agree on the
  // precision (group_precision: each rank adds whether it chose bf16).
  // Needs a gradient sync; every rank calls it at the same point.
  void broadcast_parameters();

  // Loss of the current network on a batch without updating it (validation).
  StepStats evaluate_loss(const TrainingBatch& batch) const;

  // Steps completed so far.
  int64_t steps() const;
  const TrainerConfig& config() const;
  // What training computes in, "fp32" or "bf16": config().precision with
  // `auto` decided for the training device (training_precision below).
  const std::string& precision() const;
  // The network being trained. Do not evaluate it concurrently with step();
  // use snapshot() for a copy that inference threads can keep (on the CPU,
  // whatever device trains).
  const Network& network() const;
  std::shared_ptr<Network> snapshot() const;
  // A generator for the data pipeline (sampling, symmetries), saved in checkpoints.
  std::mt19937_64& rng();

  // Write network, optimizer state, step, config and RNG state to `path`
  // (temporary file + rename). Throws GameError on I/O failure.
  // `run_record` is stored verbatim with them: the run loop keeps there the
  // bookkeeping that must commit together with the training it describes
  // (samples counted as trained, the iteration's metrics so far).
  void save_checkpoint(const std::string& path, const std::string& run_record = {}) const;
  // The run_record of the checkpoint this trainer was loaded from ("" when
  // none was stored, or for a new trainer).
  const std::string& run_record() const;
  // Resume from a checkpoint. The config stored in the checkpoint is used
  // unless `override_config` is given (e.g. a changed learning rate). Throws
  // GameError naming the path when it is missing or not a checkpoint.
  static std::unique_ptr<Trainer> load_checkpoint(const std::string& path,
                                                  const TrainerConfig* override_config = nullptr);

 private:
  struct Impl;
  explicit Trainer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace inchzero
