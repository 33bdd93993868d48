#include "train/train_bench.h"

#include <chrono>
#include <iomanip>
#include <random>

#include "model/compute_threads.h"
#include "model/network.h"
#include "model/nn_bench.h"
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

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

TrainBenchResult run_train_bench(const TrainBenchOptions& options) {
  set_compute_threads(options.threads);
  TrainBenchResult result;
  result.peak_gflops = measure_reference(options.threads, 0.5).blas_gflops;
  const int batch_size = options.trainer.batch_size;
  std::mt19937_64 rng(2);
  const TrainingBatch batch = random_batch(options.network, batch_size, rng);
  // 1. Training steps (one untimed warm-up step).
  Trainer trainer(Network::create(options.network, 1), options.trainer, 1);
  trainer.step(batch);
  int64_t steps = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    trainer.step(batch);
    ++steps;
    elapsed = seconds_since(start);
  } while (elapsed < options.seconds);
  result.steps_per_second = steps / elapsed;
  result.samples_per_second = result.steps_per_second * batch_size;
  result.gflops = result.samples_per_second * 3.0 *
                  static_cast<double>(options.network.flops_per_position()) / 1e9;
  // 2. Inference on the same batch, for the ratio training / inference.
  auto inference = trainer.network().clone(kInferenceLayout);
  std::vector<float> policy(static_cast<size_t>(batch_size) * options.network.num_actions),
      wdl(static_cast<size_t>(batch_size) * 3);
  int64_t calls = 0;
  const auto inference_start = Clock::now();
  do {
    inference->evaluate(batch.inputs.data(), batch_size, policy.data(), wdl.data());
    ++calls;
    elapsed = seconds_since(inference_start);
  } while (elapsed < std::min(1.0, options.seconds));
  result.forward_evals_per_second = calls * batch_size / elapsed;
  return result;
}

void print_train_bench(const TrainBenchOptions& options, const TrainBenchResult& result,
                       std::ostream& out) {
  const auto& c = options.network;
  out << std::fixed << "network: " << c.arch.blocks << " blocks x " << c.arch.channels
      << " channels, input " << c.input.channels << "x" << c.input.height << "x" << c.input.width
      << ", " << c.num_actions << " actions; optimizer " << options.trainer.optimizer << ", batch "
      << options.trainer.batch_size << ", threads " << options.threads << "\n";
  out << std::setprecision(2) << "training: " << result.steps_per_second
      << " steps/s = " << std::setprecision(0) << result.samples_per_second
      << " samples/s = " << std::setprecision(1) << result.gflops
      << " GFLOP/s (3 x forward FLOPs)\n";
  out << "peak: torch::mm 2048x2048 fp32 = " << result.peak_gflops << " GFLOP/s; training at "
      << std::setprecision(0) << 100.0 * result.gflops / result.peak_gflops << " % of it\n";
  out << "inference at the same batch: " << result.forward_evals_per_second
      << " evals/s; a training sample costs " << std::setprecision(1)
      << result.forward_evals_per_second / result.samples_per_second << " evaluations\n";
}

}  // namespace inchzero
