// `inchzero bench train`: optimisation steps per second of the trainer on
// random batches, per training precision, as GFLOP/s against the CPU's
// peaks and the BLAS figure measured in the same run (model/nn_bench.h; no
// LibTorch in this header).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "model/network_config.h"
#include "model/nn_bench.h"
#include "train/trainer_config.h"

namespace inchzero {

struct TrainBenchOptions {
  NetworkConfig network;
  TrainerConfig trainer;                                // batch_size and optimizer matter here
  std::vector<std::string> precisions{"fp32", "bf16"};  // TrainerConfig::precision values
  int threads = 1;       // compute threads (see model/compute_threads.h)
  double seconds = 3.0;  // minimum timing per precision
  // With a device (--device, resolved): its bf16 matrix-product peak is
  // measured and every precision is timed there too, after the same run's
  // CPU rows (on the CPU itself: the CPU rows once, with that peak).
  bool measure_device = false;
  Device device;
};

struct TrainBenchRow {
  std::string device = "cpu";
  std::string precision;
  double steps_per_second = 0;
  double samples_per_second = 0;
  double gflops = 0;  // forward + backward counted as 3 × forward FLOPs
  PeakKind peak_kind = PeakKind::kFp32Fma;
  double peak_share = 0;  // of the matching peak (fp32 FMA or bf16 dot); -1: none here
  double amx_share = -1;  // bf16 on AMX CPUs; else -1
  double blas_share = 0;
  double first_loss = 0, last_loss = 0;  // on the repeated batch: the steps really learn
  double device_share = -1;              // of the device's bf16 matmul peak; -1 when not measured
};

struct TrainBenchResult {
  PeakReference reference;
  std::vector<TrainBenchRow> rows;
  double inference_evals_per_second = 0;  // the inference engine (auto precision) at the same batch
};

// Builds a network (seed 1) and a random batch (seed 2), times training
// steps in each precision from the same starting weights.
TrainBenchResult run_train_bench(const TrainBenchOptions& options);
void print_train_bench(const TrainBenchOptions& options, const TrainBenchResult& result,
                       std::ostream& out);

}  // namespace inchzero
