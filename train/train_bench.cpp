#include "train/train_bench.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <random>

#include "core/stopwatch.h"
#include "model/compute_threads.h"
#include "model/network.h"
#include "model/nn_bench.h"
#include "model/onednn_network.h"
#include "train/trainer.h"

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;

// A batch shaped like real data: sparse 0/1 planes, a few-move policy target
// on every other sample (the rest weight 0), one-hot outcomes.
TrainingBatch random_batch(const NetworkConfig& c, int size, std::mt19937_64& rng) {
  std::bernoulli_distribution bit(0.3);
  TrainingBatch b;
  b.size = size;
  b.inputs.resize(static_cast<size_t>(size) * c.input.size());
  for (auto& v : b.inputs) v = bit(rng) ? 1.0f : 0.0f;
  b.policy_targets.assign(static_cast<size_t>(size) * c.num_actions, 0.0f);
  b.wdl_targets.assign(static_cast<size_t>(size) * 3, 0.0f);
  for (int i = 0; i < size; ++i) {
    b.policy_weight.push_back(i % 2 == 0 ? 1.0f : 0.0f);
    for (int k = 0; k < 4; ++k)
      b.policy_targets[i * c.num_actions + rng() % c.num_actions] += 0.25f;
    b.wdl_targets[3 * i + rng() % 3] = 1.0f;
    for (int k = 0; k < c.arch.aux_outputs; ++k) b.aux_targets.push_back(0.0f);
  }
  return b;
}

}  // namespace

TrainBenchResult run_train_bench(const TrainBenchOptions& options) {
  TrainBenchResult result;
  result.reference = measure_reference(options.threads, 0.5);
  const PeakReference& ref = result.reference;
  const int batch_size = options.trainer.batch_size;
  std::mt19937_64 rng(2);
  const TrainingBatch batch = random_batch(options.network, batch_size, rng);
  const auto start_weights = Network::create(options.network, 1);
  std::vector<Device> devices{Device()};
  if (options.measure_device) {
    measure_device_peak(result.reference, options.device, 1.0);
    if (options.device.is_cuda()) devices.push_back(options.device);
  }
  for (const Device& device : devices)
    for (const std::string& precision : options.precisions) {
      TrainerConfig config = options.trainer;
      config.precision = precision;
      config.device = device;
      validate(config);
      Trainer trainer(start_weights->clone(), config, 1);
      TrainBenchRow row;
      row.device = to_string(device.is_cuda() ? device : Device());
      row.precision = precision;
      row.first_loss = trainer.step(batch).loss;  // also the untimed warm-up
      int64_t steps = 0;
      const auto start = Clock::now();
      double elapsed = 0;
      do {
        row.last_loss = trainer.step(batch).loss;
        ++steps;
        elapsed = seconds_since(start);
      } while (elapsed < options.seconds);
      row.steps_per_second = steps / elapsed;
      row.samples_per_second = row.steps_per_second * batch_size;
      row.gflops = row.samples_per_second * 3.0 *
                   static_cast<double>(options.network.flops_per_position()) / 1e9;
      row.peak_kind = ref.matching_peak(precision == "bf16" ? Precision::kBf16 : Precision::kFp32);
      row.peak_share = ref.share_of(row.gflops, row.peak_kind);
      if (precision == "bf16" && ref.peak(PeakKind::kAmxBf16) > 0)
        row.amx_share = row.gflops / ref.peak(PeakKind::kAmxBf16);
      row.blas_share = row.gflops / std::max(1e-9, ref.blas_gflops);
      if (ref.device_bf16_gflops > 0) row.device_share = row.gflops / ref.device_bf16_gflops;
      result.rows.push_back(row);
    }
  // Inference at the same batch, for the ratio training / inference.
  const OnednnNetwork inference(*start_weights, Precision::kAuto);
  std::vector<float> policy(static_cast<size_t>(batch_size) * options.network.num_actions),
      wdl(static_cast<size_t>(batch_size) * 3);
  int64_t calls = 0;
  const auto inference_start = Clock::now();
  double elapsed = 0;
  do {
    inference.evaluate(batch.inputs.data(), batch_size, policy.data(), wdl.data());
    ++calls;
    elapsed = seconds_since(inference_start);
  } while (elapsed < std::min(1.0, options.seconds));
  result.inference_evals_per_second = calls * batch_size / elapsed;
  return result;
}

void print_train_bench(const TrainBenchOptions& options, const TrainBenchResult& result,
                       std::ostream& out) {
  const auto& c = options.network;
  print_reference(result.reference, out);
  out << std::fixed << "network: " << c.arch.blocks << " blocks x " << c.arch.channels
      << " channels, input " << c.input.channels << "x" << c.input.height << "x" << c.input.width
      << ", " << c.num_actions << " actions; optimizer " << options.trainer.optimizer << ", batch "
      << options.trainer.batch_size << ", compute threads " << options.threads << "\n\n";
  // The device columns only with --device: the CPU table stays as it was.
  const bool device = result.reference.device_bf16_gflops > 0;
  out << (device ? "| device " : "")
      << "| precision | steps/s | samples/s | GFLOP/s (3 x forward) | % of matching peak | % of "
         "AMX peak | % of BLAS | x fp32 | loss first -> last step |"
      << (device ? " % of device bf16 mm |" : "") << "\n"
      << (device ? "|---" : "") << "|---|---:|---:|---:|---:|---:|---:|---:|---|"
      << (device ? "---:|" : "") << "\n";
  for (const auto& r : result.rows) {
    double fp32_rate = 0;  // the same device's fp32 row
    for (const auto& o : result.rows)
      if (o.precision == "fp32" && o.device == r.device) fp32_rate = o.samples_per_second;
    if (device) out << "| " << r.device << " ";
    out << "| " << r.precision << " | " << std::setprecision(2) << r.steps_per_second << " | "
        << std::setprecision(0) << r.samples_per_second << " | " << std::setprecision(1) << r.gflops
        << " | " << peak_share_text(r.peak_share, r.peak_kind) << " | " << std::setprecision(0)
        << (r.amx_share >= 0 ? std::to_string(std::lround(100.0 * r.amx_share)) + " %" : "-")
        << " | " << 100.0 * r.blas_share << " % | ";
    if (fp32_rate > 0)
      out << std::setprecision(2) << r.samples_per_second / fp32_rate;
    else
      out << "-";
    out << " | " << std::setprecision(3) << r.first_loss << " -> " << r.last_loss << " |";
    if (device) out << " " << std::lround(100.0 * r.device_share) << " % |";
    out << "\n";
  }
  out << "\ninference (oneDNN, auto precision) at the same batch: " << std::setprecision(0)
      << result.inference_evals_per_second << " evals/s";
  if (!result.rows.empty()) {
    double best = 0;
    for (const auto& r : result.rows) best = std::max(best, r.samples_per_second);
    out << "; a training sample costs " << std::setprecision(1)
        << result.inference_evals_per_second / best << " evaluations (fastest training precision)";
  }
  out << "\n";
}

}  // namespace inchzero
