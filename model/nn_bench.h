// `inchzero bench nn`: network throughput against a matrix-multiply peak
// measured in the same run (no LibTorch in this header).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "model/network.h"

namespace inchzero {

struct NnBenchOptions {
  NetworkConfig network;     // what to build (random weights)
  std::vector<int> batches;  // batch sizes to time
  int threads = 1;           // compute threads (see compute_threads.h)
  WeightLayout layout = kInferenceLayout;
  double seconds_per_point = 0.5;  // minimum timing per batch size
};

struct NnBenchRow {
  int batch = 0;
  double evals_per_second = 0;
  double ms_per_batch = 0;
  double gflops = 0;
  double share_of_peak = 0;  // gflops / peak_gflops
  double share_of_conv = 0;  // gflops / conv_gflops
};

struct NnBenchResult {
  double peak_gflops = 0;  // torch::mm 2048×2048 fp32 on the same threads
  double conv_gflops = 0;  // one trunk 3×3 convolution at batch 256, same layout and threads
  double flops_per_position = 0;
  long long parameters = 0;
  std::string load_before, load_after;  // /proc/loadavg at start and end
  std::vector<NnBenchRow> rows;
};

// GFLOP/s of torch::mm 2048×2048 fp32 on the current compute threads, timed
// for at least `min_seconds`: the practical peak other figures are compared to.
double measure_matmul_peak_gflops(double min_seconds);

// Time the network at each batch size; `log` receives one line per point as
// it is measured (progress). Deterministic weights (seed 1).
NnBenchResult run_nn_bench(const NnBenchOptions& options, std::ostream& log);

// The table printed by the CLI.
void print_nn_bench(const NnBenchOptions& options, const NnBenchResult& result, std::ostream& out);

}  // namespace inchzero
