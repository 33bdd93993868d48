// `inchzero bench train`: optimisation steps per second of the trainer on
// random batches, as GFLOP/s against a matrix-multiply peak measured in the
// same run (no LibTorch in this header).
#pragma once

#include <ostream>

#include "model/network_config.h"
#include "train/trainer_config.h"

namespace inchzero {

struct TrainBenchOptions {
  NetworkConfig network;
  TrainerConfig trainer;  // batch_size and optimizer matter here
  int threads = 1;        // compute threads (see model/compute_threads.h)
  double seconds = 3.0;   // minimum timing
};

struct TrainBenchResult {
  double steps_per_second = 0;
  double samples_per_second = 0;
  double gflops = 0;                    // forward + backward counted as 3 × forward FLOPs
  double peak_gflops = 0;               // torch::mm 2048×2048 fp32, same threads
  double forward_evals_per_second = 0;  // inference at the same batch size, for comparison
};

// Builds a network (seed 1) and random batches (seed 2), times training steps.
TrainBenchResult run_train_bench(const TrainBenchOptions& options);
void print_train_bench(const TrainBenchOptions& options, const TrainBenchResult& result,
                       std::ostream& out);

}  // namespace inchzero
