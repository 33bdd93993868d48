// Tests that need a CUDA GPU: built only against a CUDA LibTorch and named
// gpu.* (CMakeLists.txt); run on the GPU machine (docs/gpu.md). Each one
// fails, rather than passes, when no GPU is visible.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "model/backend.h"
#include "model/network.h"
#include "tests/learning/test_networks.h"
#include "train/trainer.h"

namespace inchzero {
namespace {

const Device kGpu{Device::Kind::kCuda, 0};

NetworkConfig net_config() { return testing::test_network_config(6, 8, 2, 32); }

std::vector<float> planes(const NetworkConfig& c, int batch, uint64_t seed) {
  return testing::random_training_batch(c, batch, seed).inputs;
}

TrainingBatch batch_of(const NetworkConfig& c, int size, uint64_t seed) {
  return testing::random_training_batch(c, size, seed);
}

using testing::temp_test_path;

struct Outputs {
  std::vector<float> policy, wdl;
};
Outputs evaluate(const Network& net, const std::vector<float>& x, int batch) {
  Outputs o{std::vector<float>(static_cast<size_t>(batch) * net.config().num_actions),
            std::vector<float>(static_cast<size_t>(batch) * 3)};
  net.evaluate(x.data(), batch, o.policy.data(), o.wdl.data());
  return o;
}

// Largest |a - b| over the two arrays.
float max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  EXPECT_EQ(a.size(), b.size());
  float worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - b[i]));
  return worst;
}

TEST(Gpu, IsVisible) {
  ASSERT_TRUE(cuda_usable()) << "no CUDA GPU visible to " << libtorch_version();
  EXPECT_NE(device_record(kGpu, kGpu).at("cuda"), "none");
}

// fp32 on the GPU is the CPU's function to rounding; bf16 within bf16's
// three significant digits on these small logits.
TEST(Gpu, InferenceMatchesTheCpu) {
  const NetworkConfig c = net_config();
  const auto master = Network::create(c, 11);
  const auto cpu = master->clone(kInferenceLayout, Precision::kFp32);
  const std::vector<float> x = planes(c, 64, 3);
  const Outputs want = evaluate(*cpu, x, 64);
  const Outputs fp32 = evaluate(*master->clone(kInferenceLayout, Precision::kFp32, kGpu), x, 64);
  EXPECT_LT(max_difference(want.policy, fp32.policy), 1e-3);
  EXPECT_LT(max_difference(want.wdl, fp32.wdl), 1e-4);
  const Outputs bf16 = evaluate(*master->clone(kInferenceLayout, Precision::kBf16, kGpu), x, 64);
  EXPECT_LT(max_difference(want.policy, bf16.policy), 0.1);
  EXPECT_LT(max_difference(want.wdl, bf16.wdl), 0.02);
  // The backend the search uses: the torch engine on the GPU.
  const auto backend =
      make_network_backend(master, {c.input.size(), c.num_actions}, "g", "",
                           InferenceOptions{Precision::kBf16, InferenceEngine::kOnednn, kGpu});
  EXPECT_EQ(backend->describe(), "g (bf16, torch, cuda:0)");
}

// A network trained on the GPU plays on the CPU: the file holds CPU tensors
// and the CPU computes what the GPU did.
TEST(Gpu, NetworkTrainedOnTheGpuLoadsOnTheCpu) {
  const NetworkConfig c = net_config();
  TrainerConfig config;
  config.device = kGpu;
  config.precision = "bf16";
  Trainer trainer(Network::create(c, 5), config, 1);
  for (int i = 0; i < 5; ++i) trainer.step(batch_of(c, 64, i));
  EXPECT_EQ(trainer.network().device(), kGpu);
  const std::string path = temp_test_path("from_gpu.pt");
  trainer.network().save(path);
  const auto on_cpu = Network::load(path);
  EXPECT_EQ(on_cpu->device(), Device());
  const std::vector<float> x = planes(c, 16, 9);
  const Outputs gpu = evaluate(trainer.network(), x, 16);
  const Outputs cpu = evaluate(*on_cpu, x, 16);
  EXPECT_LT(max_difference(gpu.policy, cpu.policy), 1e-3);
  std::filesystem::remove(path);
  // The checkpoint resumes on the CPU too, optimizer state included.
  const std::string ckpt = temp_test_path("from_gpu.ckpt");
  trainer.save_checkpoint(ckpt);
  TrainerConfig cpu_config = config;
  cpu_config.device = Device();
  const auto resumed = Trainer::load_checkpoint(ckpt, &cpu_config);
  EXPECT_EQ(resumed->steps(), 5);
  EXPECT_TRUE(std::isfinite(resumed->step(batch_of(c, 64, 7)).loss));
  std::filesystem::remove(ckpt);
}

// And the reverse: trained on the CPU, loaded and resumed on the GPU.
TEST(Gpu, NetworkTrainedOnTheCpuLoadsOnTheGpu) {
  const NetworkConfig c = net_config();
  Trainer trainer(Network::create(c, 6), TrainerConfig(), 1);
  for (int i = 0; i < 3; ++i) trainer.step(batch_of(c, 32, i));
  const std::string path = temp_test_path("from_cpu.pt"), ckpt = temp_test_path("from_cpu.ckpt");
  trainer.network().save(path);
  trainer.save_checkpoint(ckpt);
  const auto on_gpu = Network::load(path, kInferenceLayout, Precision::kFp32, kGpu);
  EXPECT_EQ(on_gpu->device(), kGpu);
  const std::vector<float> x = planes(c, 16, 4);
  EXPECT_LT(
      max_difference(evaluate(trainer.network(), x, 16).policy, evaluate(*on_gpu, x, 16).policy),
      1e-3);
  TrainerConfig gpu_config;
  gpu_config.device = kGpu;
  const auto resumed = Trainer::load_checkpoint(ckpt, &gpu_config);
  EXPECT_EQ(resumed->network().device(), kGpu);
  const TrainingBatch next = batch_of(c, 32, 8);
  // The same step on both devices: equal to fp32 rounding.
  EXPECT_NEAR(resumed->step(next).loss, trainer.step(next).loss, 1e-3);
  std::filesystem::remove(path);
  std::filesystem::remove(ckpt);
}

}  // namespace
}  // namespace inchzero
