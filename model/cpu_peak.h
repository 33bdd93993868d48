// The arithmetic limits of this CPU, measured with register-only
// microkernels in the same run as the figures compared to them. A BLAS figure
// is no peak: Debian's OpenBLAS 0.3.21 runs its Haswell (AVX2) kernels on
// Zen 5, so "% of torch::mm" flatters everything (docs/performance.md).
// No LibTorch here.
#pragma once

#include <string>
#include <vector>

namespace inchzero {

enum class PeakKind {
  kFp32Fma,  // vfmadd231ps zmm: 32 flops an instruction (ymm, 16, without AVX-512)
  kBf16Dot,  // vdpbf16ps zmm: 64 flops an instruction (bf16 products, fp32 sums)
  kAmxBf16,  // tdpbf16ps on 16×16 fp32 tiles: 16,384 flops an instruction
};

// "fp32 FMA", "bf16 dot", "AMX bf16".
const char* peak_name(PeakKind kind);
// Whether this CPU (and OS) can run the kind's instructions (cpu_features()).
bool peak_available(PeakKind kind);

struct PeakMeasurement {
  PeakKind kind = PeakKind::kFp32Fma;
  int threads = 1;    // threads run at once, each pinned to nothing
  double gflops = 0;  // all threads together
  double per_core() const { return gflops / threads; }
};

// Run the kind's microkernel on `threads` threads at once for at least
// `seconds` (after a short warm-up) and return GFLOP/s summed over threads.
// Throws GameError when the kind is not available here.
PeakMeasurement measure_peak(PeakKind kind, int threads, double seconds);

// Every available kind at `threads` threads, in PeakKind order.
std::vector<PeakMeasurement> measure_peaks(int threads, double seconds);

}  // namespace inchzero
