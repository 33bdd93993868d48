#include "tests/learning/test_networks.h"

#include <unistd.h>

#include <filesystem>
#include <random>

namespace inchzero::testing {

NetworkConfig test_network_config(int planes, int side, int blocks, int channels, int aux_outputs) {
  NetworkConfig c;
  c.game = "testgame";
  c.input = {planes, side, side};
  c.num_actions = side * side;
  c.arch.blocks = blocks;
  c.arch.channels = channels;
  c.arch.value_hidden = channels;
  c.arch.aux_outputs = aux_outputs;
  return c;
}

TrainingBatch random_training_batch(const NetworkConfig& c, int size, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0, 1);
  TrainingBatch b;
  b.size = size;
  b.inputs.resize(static_cast<size_t>(size) * c.input.size());
  for (auto& v : b.inputs) v = u(rng) < 0.3f ? 1.0f : 0.0f;
  b.policy_targets.assign(static_cast<size_t>(size) * c.num_actions, 0.0f);
  b.wdl_targets.assign(static_cast<size_t>(size) * 3, 0.0f);
  for (int i = 0; i < size; ++i) {
    b.policy_weight.push_back(i % 2 == 0 ? 1.0f : 0.0f);
    if (i % 2 == 0) {
      const int best = static_cast<int>(rng() % c.num_actions);
      const int second = static_cast<int>(rng() % c.num_actions);
      b.policy_targets[i * c.num_actions + best] += 0.75f;
      b.policy_targets[i * c.num_actions + second] += 0.25f;
    }
    b.wdl_targets[3 * i + rng() % 3] = 1.0f;
    for (int k = 0; k < c.arch.aux_outputs; ++k) b.aux_targets.push_back(u(rng) * 2 - 1);
  }
  return b;
}

std::string temp_test_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("inchzero_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

}  // namespace inchzero::testing
