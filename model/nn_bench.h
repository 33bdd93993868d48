// `inchzero bench nn`: network throughput against this CPU's arithmetic
// limits measured in the same run (no LibTorch in this header).
//
// The reference (PeakReference) is shared by every bench: register-only
// microkernels give the fp32 FMA, bf16 dot-product and AMX peaks
// (model/cpu_peak.h), and torch::mm on OpenBLAS gives the BLAS figure that
// earlier versions called "peak" — kept beside them, since on CPUs newer than
// Debian's OpenBLAS it runs AVX2 kernels far below the real limit.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "model/backend.h"
#include "model/cpu_peak.h"
#include "model/network.h"
#include "model/onednn_network.h"
#include "model/precision.h"

namespace inchzero {

struct PeakReference {
  std::string cpu;  // cpu_features().describe()
  int threads = 1;
  std::vector<PeakMeasurement> peaks;  // every kind available here, on `threads` threads
  double blas_gflops = 0;              // torch::mm 2048×2048 fp32 on the same threads
  // With --device: that device's dense bf16 matrix-product rate, measured in
  // the same run (measure_device_peak); every row is also a share of it.
  std::string device;       // "cuda:0", "cpu"; empty when none was measured
  std::string device_name;  // the GPU's name or the CPU model
  int matmul_size = 0;      // n of the n×n×n bf16 product timed
  double device_bf16_gflops = 0;

  // GFLOP/s of `kind` on `threads` threads; 0 when this CPU lacks it.
  double peak(PeakKind kind) const;
  // The limit a network computing in `precision` (fp32 or bf16) is measured
  // against: the fp32 FMA peak, or the bf16 dot-product peak. (On AMX CPUs
  // oneDNN's bf16 convolutions run on the tiles, so their share of the AMX
  // peak is reported too.)
  PeakKind matching_peak(Precision precision) const;
  // `gflops` as a share of `kind`'s peak; -1 when this CPU lacks it (bf16
  // on a CPU without avx512_bf16 is emulated: there is no peak to compare).
  double share_of(double gflops, PeakKind kind) const;
};

// "47 % fp32 FMA", or "- (no bf16 dot here)" for a share of -1 (share_of).
std::string peak_share_text(double share, PeakKind kind);

// Measure every peak and the BLAS figure on `threads` threads (the compute
// threads are set to that too), about `seconds` each.
PeakReference measure_reference(int threads, double seconds);
// Add `device`'s (resolved) bf16 matrix-product rate to `reference`: torch::mm
// of two n×n bf16 matrices, n = 8192 on a GPU (as the H200's 790 TFLOP/s
// was measured through PyTorch) and 1024 on the CPU, timed for at least
// `seconds` after a warm-up, waiting for the device before reading the clock.
void measure_device_peak(PeakReference& reference, const Device& device, double seconds);
// "cpu: …" and one line per peak, with per-core figures.
void print_reference(const PeakReference& reference, std::ostream& out);
// One JSON object per line: {"kind": "peak", "peak": "bf16 dot", "threads": 2,
// "gflops": …, "gflops_per_core": …, "cpu": …} and the BLAS line.
void print_reference_json(const PeakReference& reference, std::ostream& out);

struct NnBenchOptions {
  std::vector<NetworkConfig> networks;  // each built with random weights (seed 1)
  std::vector<int> batches;             // batch sizes to time
  std::vector<Precision> precisions;    // auto is resolved and reported as "auto"
  std::vector<InferenceEngine> engines{InferenceEngine::kOnednn};
  int threads = 1;  // compute threads (see compute_threads.h)
  WeightLayout layout = kInferenceLayout;
  double seconds_per_point = 0.5;  // minimum timing per measurement
  int rounds = 5;                  // network / peak slices a point alternates (time_against_peak)
  Device device;                   // resolved; a GPU runs LibTorch's modules (model/backend.h)
  bool layers = false;             // also time each layer of the oneDNN engine (time_nn_layers)
};

struct NnBenchRow {
  int blocks = 0, channels = 0, batch = 0;
  InferenceEngine engine = InferenceEngine::kOnednn;
  Precision asked = Precision::kFp32;     // as given (may be auto)
  Precision computed = Precision::kFp32;  // what the network computed in
  double evals_per_second = 0;
  double ms_per_batch = 0;
  double gflops = 0;
  double flops_per_position = 0;
  PeakKind peak_kind = PeakKind::kFp32Fma;  // the matching peak
  double peak_share = 0;  // gflops / matching peak, the median round; -1: no such peak here
  double peak_share_low = 0, peak_share_high = 0;  // the lowest and highest round
  int rounds = 0;                                  // network / peak slices (time_against_peak)
  double amx_share = -1;                           // bf16 on AMX CPUs: gflops / AMX peak; else -1
  double blas_share = 0;                           // gflops / torch::mm figure
  double device_share = -1;  // gflops / the device's bf16 matmul rate; -1 when not measured
};

// Time every network × precision × batch; `log` receives one line per point
// as it is measured (progress).
std::vector<NnBenchRow> run_nn_bench(const NnBenchOptions& options, const PeakReference& reference,
                                     std::ostream& log);

// Where the oneDNN engine's time goes: for every network × precision ×
// batch of `options`, each layer's mean time per call, its GFLOP/s and their
// share of the matching peak (OnednnNetwork::time_layers), paired with the
// peak round by round as time_against_peak does.
struct NnLayerRow {
  int blocks = 0, channels = 0, batch = 0;
  Precision computed = Precision::kFp32;
  LayerTiming layer;
  double share_of_call = 0;  // of the sum over the call's layers
  double peak_share = -1;  // the layer's GFLOP/s / the matching peak, median round; -1 for reorders
  double peak_share_low = -1, peak_share_high = -1;  // the lowest and highest round
};
std::vector<NnLayerRow> time_nn_layers(const NnBenchOptions& options,
                                       const PeakReference& reference);
// One markdown table per network × precision × batch.
void print_nn_layers(const std::vector<NnLayerRow>& rows, std::ostream& out);
nlohmann::json to_json(const NnLayerRow& row, const PeakReference& reference);

// `backend`'s rate at `batch` and its share of `kind`'s peak on `threads`
// threads, in `rounds` network slices of seconds / rounds each, with a peak
// slice before the first and after every one. A shared machine's speed
// changes within a run (on one AMD EPYC the fp32 peak read 74 to 98 GFLOP/s
// in six runs a minute apart), so each round's network rate is compared with
// the mean of the two peaks measured beside it, and the median round is the
// share. Without that peak here the shares are -1.
struct PairedRate {
  double evals_per_second = 0;  // over every network slice
  double share = -1, share_low = -1, share_high = -1;
};
PairedRate time_against_peak(InferenceBackend& backend, int batch, double flops_per_position,
                             PeakKind kind, int threads, double seconds, int rounds);

// Evaluations per second of `backend` at `batch` on random 0/1 planes
// (30 % ones, seed 7), timed for at least `seconds` after one warm-up call.
double time_backend(InferenceBackend& backend, int batch, double seconds);

// The markdown table printed by the CLI, with the reference above it.
void print_nn_bench(const NnBenchOptions& options, const PeakReference& reference,
                    const std::vector<NnBenchRow>& rows, std::ostream& out);
// One JSON object per row and line, with at least blocks, channels, batch,
// precision, evals_per_s, gflops, peak_share.
nlohmann::json to_json(const NnBenchRow& row, const PeakReference& reference);

}  // namespace inchzero
