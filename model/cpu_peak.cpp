// Register-only microkernels: enough independent accumulator chains to fill
// every FMA / dot-product port (latency × ports), no memory traffic inside the
// timed loop, so the figure is what the execution units can do.
#include "model/cpu_peak.h"

#include <immintrin.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "core/game.h"
#include "core/thread_pool.h"
#include "model/cpu_features.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

// Each kernel runs `chunks` chunks and returns a value depending on every
// accumulator, so the compiler cannot drop the work.
constexpr int64_t kChunk = 1000;  // loop iterations per chunk

// Every lane of 16 accumulators summed (so that no chain can be dropped).
// Stored and added one by one: GCC 12's _mm512_reduce_add_ps warns about an
// uninitialised register inside its own header.
__attribute__((target("avx512f"))) float sum_of_lanes(const __m512 (&acc)[16]) {
  alignas(64) float lanes[16];
  float total = 0;
  for (const __m512& a : acc) {
    _mm512_store_ps(lanes, a);
    for (float v : lanes) total += v;
  }
  return total;
}

// 16 zmm accumulators: FMA latency 4 × 2 ports needs at least 8 chains.
__attribute__((target("avx512f"))) float fp32_fma_kernel(int64_t chunks) {
  __m512 acc[16];  // fully unrolled below, so they live in registers
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) acc[i] = _mm512_set1_ps(0.001f * i);
  const __m512 a = _mm512_set1_ps(0.999f), b = _mm512_set1_ps(0.0001f);
  for (int64_t c = 0; c < chunks; ++c)
    for (int64_t i = 0; i < kChunk; ++i)
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) acc[k] = _mm512_fmadd_ps(acc[k], a, b);
  return sum_of_lanes(acc);
}
constexpr double kFp32FlopsPerChunk = kChunk * 16 * 32.0;

// The same on a CPU without AVX-512 (AMD Zen 3, for one): 12 ymm
// accumulators (FMA latency 4-5 × 2 ports), 16 flops an instruction.
__attribute__((target("avx2,fma"))) float fp32_fma_avx2_kernel(int64_t chunks) {
  __m256 acc[12];
#pragma GCC unroll 12
  for (int i = 0; i < 12; ++i) acc[i] = _mm256_set1_ps(0.001f * i);
  const __m256 a = _mm256_set1_ps(0.999f), b = _mm256_set1_ps(0.0001f);
  for (int64_t c = 0; c < chunks; ++c)
    for (int64_t i = 0; i < kChunk; ++i)
#pragma GCC unroll 12
      for (int k = 0; k < 12; ++k) acc[k] = _mm256_fmadd_ps(acc[k], a, b);
  alignas(32) float lanes[8];
  float total = 0;
  for (const __m256& v : acc) {
    _mm256_store_ps(lanes, v);
    for (float x : lanes) total += x;
  }
  return total;
}
constexpr double kFp32Avx2FlopsPerChunk = kChunk * 12 * 16.0;

__attribute__((target("avx512f,avx512bf16"))) float bf16_dot_kernel(int64_t chunks) {
  __m512 acc[16];  // fully unrolled below, so they live in registers
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) acc[i] = _mm512_set1_ps(0.001f * i);
  // 2^-10 in bf16: sums grow slowly, no overflow or denormals.
  const __m512bh a = (__m512bh)_mm512_set1_epi16(0x3a80);
  const __m512bh b = (__m512bh)_mm512_set1_epi16(0x3a80);
  for (int64_t c = 0; c < chunks; ++c)
    for (int64_t i = 0; i < kChunk; ++i)
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) acc[k] = _mm512_dpbf16_ps(acc[k], a, b);
  return sum_of_lanes(acc);
}
constexpr double kBf16FlopsPerChunk = kChunk * 16 * 64.0;

// AMX palette 1: 8 tiles of 16 rows × 64 bytes. tmm0-3 accumulate fp32
// (16×16), tmm4-5 hold A (16×32 bf16), tmm6-7 hold B (16 pairs × 16 columns):
// a 2×2 block of independent dot products per step.
struct alignas(64) TileConfig {
  uint8_t palette = 1;
  uint8_t start_row = 0;
  uint8_t reserved[14] = {};
  uint16_t colsb[16] = {};
  uint8_t rows[16] = {};
};

__attribute__((target("amx-tile,amx-bf16"))) float amx_bf16_kernel(int64_t chunks) {
  TileConfig config;
  for (int t = 0; t < 8; ++t) {
    config.colsb[t] = 64;
    config.rows[t] = 16;
  }
  alignas(64) uint16_t operand[16 * 32];
  for (auto& v : operand) v = 0x3a80;  // 2^-10 in bf16, as above
  alignas(64) float out[16 * 16];
  _tile_loadconfig(&config);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  _tile_loadd(4, operand, 64);
  _tile_loadd(5, operand, 64);
  _tile_loadd(6, operand, 64);
  _tile_loadd(7, operand, 64);
  for (int64_t c = 0; c < chunks; ++c)
    for (int64_t i = 0; i < kChunk; ++i) {
      _tile_dpbf16ps(0, 4, 6);
      _tile_dpbf16ps(1, 4, 7);
      _tile_dpbf16ps(2, 5, 6);
      _tile_dpbf16ps(3, 5, 7);
    }
  float sum = 0;
  _tile_stored(0, out, 64);
  sum += out[0];
  _tile_stored(3, out, 64);
  sum += out[255];
  _tile_release();
  return sum;
}
constexpr double kAmxFlopsPerChunk = kChunk * 4 * 16.0 * 16 * 32 * 2;

struct KernelInfo {
  PeakKind kind;
  const char* name;
  float (*kernel)(int64_t chunks);
  double flops_per_chunk;
  bool (*available)();
};

const KernelInfo kKernels[] = {
    {PeakKind::kFp32Fma, "fp32 FMA", fp32_fma_kernel, kFp32FlopsPerChunk,
     [] { return cpu_features().avx512f; }},
    // Where AVX-512 is missing, the fp32 peak is AVX2's (info() takes the
    // first entry of a kind that this CPU can run).
    {PeakKind::kFp32Fma, "fp32 FMA", fp32_fma_avx2_kernel, kFp32Avx2FlopsPerChunk,
     [] { return cpu_features().avx2_fma; }},
    {PeakKind::kBf16Dot, "bf16 dot", bf16_dot_kernel, kBf16FlopsPerChunk,
     [] { return cpu_features().avx512_bf16; }},
    {PeakKind::kAmxBf16, "AMX bf16", amx_bf16_kernel, kAmxFlopsPerChunk,
     [] { return cpu_features().amx_bf16; }},
};

const KernelInfo& info(PeakKind kind) {
  const KernelInfo* first = nullptr;
  for (const auto& k : kKernels) {
    if (k.kind != kind) continue;
    if (k.available()) return k;
    if (!first) first = &k;
  }
  if (!first) throw GameError("unknown peak kind");
  return *first;
}

}  // namespace

const char* peak_name(PeakKind kind) { return info(kind).name; }
bool peak_available(PeakKind kind) { return info(kind).available(); }

PeakMeasurement measure_peak(PeakKind kind, int threads, double seconds) {
  const KernelInfo& k = info(kind);
  if (!k.available()) throw GameError(std::string(k.name) + " is not available on this CPU");
  if (threads < 1) throw GameError("peak measurement needs at least one thread");
  // Calibrate: chunks that take about 20 ms on one thread.
  int64_t chunks = 1;
  for (;;) {
    const auto start = Clock::now();
    volatile float sink = k.kernel(chunks);
    (void)sink;
    const double took = std::chrono::duration<double>(Clock::now() - start).count();
    if (took > 0.02 || chunks > (int64_t{1} << 30)) break;
    chunks *= 2;
  }
  std::atomic<int> ready{0};
  std::atomic<int64_t> total_chunks{0};
  const auto deadline_span = std::chrono::duration<double>(seconds);
  Clock::time_point start;
  // All threads start together: each waits until every one is ready, and the
  // clock starts (on worker 0) when they are.
  run_workers(threads, [&](int worker) {
    ready.fetch_add(1);
    while (ready.load() < threads) std::this_thread::yield();
    if (worker == 0) start = Clock::now();
    const auto begin = Clock::now();
    int64_t done = 0;
    volatile float sink = 0;
    while (Clock::now() - begin < deadline_span) {
      sink = sink + k.kernel(chunks);
      done += chunks;
    }
    total_chunks.fetch_add(done);
  });
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  PeakMeasurement m;
  m.kind = kind;
  m.threads = threads;
  m.gflops = total_chunks.load() * k.flops_per_chunk / elapsed / 1e9;
  return m;
}

std::vector<PeakMeasurement> measure_peaks(int threads, double seconds) {
  std::vector<PeakMeasurement> out;
  for (const auto& k : kKernels)
    if (k.available()) out.push_back(measure_peak(k.kind, threads, seconds));
  return out;
}

}  // namespace inchzero
