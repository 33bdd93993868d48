// The trainer's device setting on this machine's CPU, through the same
// interface a GPU uses (tests/gpu/ has the GPU's own tests).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>

#include "model/network.h"
#include "tests/learning/test_networks.h"
#include "train/trainer.h"

namespace inchzero {
namespace {

NetworkConfig small_config() { return testing::test_network_config(4, 3, 1, 8); }

TrainingBatch batch_of(const NetworkConfig& c, int size, uint64_t seed) {
  return testing::random_training_batch(c, size, seed);
}

using testing::temp_test_path;

TEST(TrainerDevice, ConfigReadsEveryFormAndNamesTheKeyOfABadOne) {
  EXPECT_EQ(TrainerConfig().device, Device()) << "the CPU is the default";
  EXPECT_EQ(trainer_config_from_yaml(YAML::Load("{device: cuda:1}")).device,
            parse_device("cuda:1"));
  EXPECT_EQ(trainer_config_from_yaml(YAML::Load("{device: auto}")).device, parse_device("auto"));
  try {
    trainer_config_from_yaml(YAML::Load("{device: gpu}"));
    FAIL() << "accepted device gpu";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("'trainer.device'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("unknown device 'gpu'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(
      trainer_config_from_json(to_json(trainer_config_from_yaml(YAML::Load("{device: cuda}"))))
          .device,
      parse_device("cuda"));
}

// trainer.device cpu, given or resolved from auto on a machine without a
// GPU, takes exactly the default's steps.
TEST(TrainerDevice, ExplicitCpuTakesTheDefaultsSteps) {
  const NetworkConfig c = small_config();
  TrainerConfig plain;
  TrainerConfig cpu = plain;
  cpu.device = parse_device(cuda_usable() ? "cpu" : "auto");
  Trainer a(Network::create(c, 2), plain, 1), b(Network::create(c, 2), cpu, 1);
  EXPECT_EQ(b.network().device(), Device());
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(a.step(batch_of(c, 8, i)).loss, b.step(batch_of(c, 8, i)).loss);
}

TEST(TrainerDevice, CudaWithoutAGpuIsRefusedNamingTrainerDevice) {
  TrainerConfig config;
  config.device = parse_device("cuda:999");
  try {
    Trainer trainer(Network::create(small_config(), 1), config, 1);
    FAIL() << "trained on cuda:999";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("trainer.device cuda:999: ", 0), 0u) << e.what();
  }
}

// The files a trainer writes load through the CPU path (map_location CPU)
// with the trainer's exact weights.
TEST(TrainerDevice, FilesItWritesLoadOnTheCpu) {
  const NetworkConfig c = small_config();
  TrainerConfig config;
  config.device = parse_device("auto");
  Trainer trainer(Network::create(c, 3), config, 1);
  for (int i = 0; i < 3; ++i) trainer.step(batch_of(c, 8, i));
  const std::string net_path = temp_test_path("device.pt"),
                    ckpt_path = temp_test_path("device.ckpt");
  trainer.network().save(net_path);
  trainer.save_checkpoint(ckpt_path);
  const auto loaded = Network::load(net_path, WeightLayout::kNchw, Precision::kFp32, Device());
  EXPECT_EQ(loaded->device(), Device());
  const auto expected = trainer.snapshot()->parameter_values();
  const auto got = loaded->parameter_values();
  ASSERT_EQ(expected.size(), got.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_EQ(expected[i].values, got[i].values) << got[i].name;
  TrainerConfig on_cpu = config;
  on_cpu.device = Device();
  const auto resumed = Trainer::load_checkpoint(ckpt_path, &on_cpu);
  EXPECT_EQ(resumed->steps(), 3);
  EXPECT_EQ(resumed->network().device(), Device());
  std::filesystem::remove(net_path);
  std::filesystem::remove(ckpt_path);
}

}  // namespace
}  // namespace inchzero
