#include "model/nn_bench.h"

#include <c10/core/InferenceMode.h>
#include <torch/types.h>

#include <chrono>
#include <fstream>
#include <iomanip>
#include <random>

#include "model/compute_threads.h"
#include "model/network.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one.empty() ? "unknown" : one + " " + five + " " + fifteen;
}

// Run `work` until at least `min_seconds` passed (after one warm-up call);
// returns calls per second.
template <class Work>
double calls_per_second(double min_seconds, Work&& work) {
  work();
  int64_t calls = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    work();
    ++calls;
    elapsed = seconds_since(start);
  } while (elapsed < min_seconds);
  return calls / elapsed;
}

// One trunk convolution (channels -> channels, 3×3, padded) at batch 256:
// what oneDNN achieves on the network's main layer shape.
double measure_conv_gflops(const NetworkConfig& c, WeightLayout layout, double min_seconds) {
  constexpr int64_t batch = 256;
  const auto format = layout == WeightLayout::kChannelsLast ? torch::MemoryFormat::ChannelsLast
                                                            : torch::MemoryFormat::Contiguous;
  const int64_t ch = c.arch.channels;
  c10::InferenceMode inference;
  const torch::Tensor x =
      torch::rand({batch, ch, c.input.height, c.input.width}).contiguous(format);
  const torch::Tensor w = torch::randn({ch, ch, 3, 3}).contiguous(format);
  const torch::Tensor b = torch::randn({ch});
  const double rate = calls_per_second(min_seconds, [&] { torch::conv2d(x, w, b, 1, 1); });
  return rate * batch * 2.0 * ch * ch * 9 * c.input.height * c.input.width / 1e9;
}

}  // namespace

double measure_matmul_peak_gflops(double min_seconds) {
  constexpr int64_t n = 2048;
  adopt_compute_threads();
  torch::NoGradGuard no_grad;
  const torch::Tensor a = torch::rand({n, n}), b = torch::rand({n, n});
  torch::Tensor c = torch::empty({n, n});
  const double rate = calls_per_second(min_seconds, [&] { torch::mm_out(c, a, b); });
  return rate * 2.0 * n * n * n / 1e9;
}

NnBenchResult run_nn_bench(const NnBenchOptions& options, std::ostream& log) {
  set_compute_threads(options.threads);
  NnBenchResult result;
  result.load_before = load_average();
  auto network = Network::create(options.network, 1)->clone(options.layout);
  result.flops_per_position = static_cast<double>(options.network.flops_per_position());
  result.parameters = network->parameter_count();
  result.peak_gflops = measure_matmul_peak_gflops(std::max(0.5, options.seconds_per_point));
  result.conv_gflops = measure_conv_gflops(options.network, options.layout,
                                           std::max(0.5, options.seconds_per_point));
  log << "peak (torch::mm 2048^2 fp32, " << options.threads << " thread(s)): " << std::fixed
      << std::setprecision(1) << result.peak_gflops << " GFLOP/s\n";

  const int input_size = options.network.input.size();
  const int actions = options.network.num_actions;
  std::mt19937 rng(7);
  std::bernoulli_distribution bit(0.3);
  for (int batch : options.batches) {
    std::vector<float> inputs(static_cast<size_t>(batch) * input_size);
    for (auto& v : inputs) v = bit(rng) ? 1.0f : 0.0f;
    std::vector<float> policy(static_cast<size_t>(batch) * actions), wdl(batch * 3);
    const double rate = calls_per_second(options.seconds_per_point, [&] {
      network->evaluate(inputs.data(), batch, policy.data(), wdl.data());
    });
    NnBenchRow row;
    row.batch = batch;
    row.evals_per_second = rate * batch;
    row.ms_per_batch = 1000.0 / rate;
    row.gflops = row.evals_per_second * result.flops_per_position / 1e9;
    row.share_of_peak = row.gflops / result.peak_gflops;
    row.share_of_conv = row.gflops / result.conv_gflops;
    result.rows.push_back(row);
    log << "batch " << batch << ": " << std::setprecision(0) << row.evals_per_second
        << " evals/s\n";
  }
  result.load_after = load_average();
  return result;
}

void print_nn_bench(const NnBenchOptions& options, const NnBenchResult& result, std::ostream& out) {
  const auto& c = options.network;
  out << "network: " << c.arch.blocks << " blocks x " << c.arch.channels << " channels, input "
      << c.input.channels << "x" << c.input.height << "x" << c.input.width << ", " << c.num_actions
      << " actions, " << result.parameters << " parameters, " << std::fixed << std::setprecision(2)
      << result.flops_per_position / 1e6 << " MFLOP/position\n";
  out << "layout: " << (options.layout == WeightLayout::kChannelsLast ? "channels-last" : "NCHW")
      << "   threads: " << options.threads << "   load average before: " << result.load_before
      << "   after: " << result.load_after << "\n";
  out << "peak: torch::mm 2048x2048 fp32 = " << std::setprecision(1) << result.peak_gflops
      << " GFLOP/s;  one trunk 3x3 conv at batch 256 = " << result.conv_gflops << " GFLOP/s\n\n";
  out << "| batch | evals/s | ms/batch | GFLOP/s | % of mm peak | % of conv |\n"
      << "|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& r : result.rows)
    out << "| " << r.batch << " | " << std::setprecision(0) << r.evals_per_second << " | "
        << std::setprecision(3) << r.ms_per_batch << " | " << std::setprecision(1) << r.gflops
        << " | " << std::setprecision(0) << 100.0 * r.share_of_peak << " % | "
        << 100.0 * r.share_of_conv << " % |\n";
}

}  // namespace inchzero
