// Export round trips: C++ export -> C++ import gives the same network, and
// scripts/inchzero_model.py (numpy) computes the same outputs (run when a
// python3 with numpy is available; skipped with a message otherwise).
#include "model/export.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "model/network_module.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

NetworkConfig export_config() {
  NetworkConfig c;
  c.game = "testgame";
  c.input = {6, 5, 4};  // not square: catches a transposed flatten
  c.num_actions = 21;
  c.arch.blocks = 2;
  c.arch.channels = 8;
  c.arch.value_hidden = 12;
  c.arch.aux_outputs = 2;
  return c;
}

// Random weights everywhere (the Fixup init leaves block conv2 at zero, which
// would hide errors in the residual branch).
std::shared_ptr<Network> randomised_network(uint64_t seed) {
  auto net = Network::create(export_config(), seed);
  torch::manual_seed(seed);
  torch::NoGradGuard no_grad;
  for (auto& p : net->module().parameters()) p.copy_(torch::randn(p.sizes()) * 0.3);
  return net;
}

struct Outputs {
  std::vector<float> policy, wdl, aux;
};

Outputs run(const Network& net, const std::vector<float>& x, int batch) {
  const auto& c = net.config();
  Outputs o{std::vector<float>(batch * c.num_actions), std::vector<float>(batch * 3),
            std::vector<float>(batch * c.arch.aux_outputs)};
  net.evaluate(x.data(), batch, o.policy.data(), o.wdl.data(), o.aux.data());
  return o;
}

std::vector<float> random_inputs(int count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal;
  std::vector<float> x(count);
  for (auto& v : x) v = normal(rng);
  return x;
}

fs::path temp_dir(const std::string& name) {
  return fs::temp_directory_path() / ("inchzero_" + std::to_string(::getpid()) + "_" + name);
}

std::string run_command(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof(buffer), pipe)) out.append(buffer, n);
  *status = pclose(pipe);
  return out;
}

std::string python_with_numpy() {
  for (const char* candidate : {"/usr/bin/python3", "python3"}) {
    int status = -1;
    run_command(std::string(candidate) + " -c 'import numpy' 2>/dev/null", &status);
    if (status == 0) return candidate;
  }
  return "";
}

TEST(Export, ImportGivesTheSameNetworkBitForBit) {
  auto net = randomised_network(3);
  const fs::path dir = temp_dir("export_cpp");
  export_network(*net, dir.string(), {"a", "b", "c", "d", "e", "f"});
  auto back = import_network(dir.string());
  EXPECT_EQ(to_json(back->config()), to_json(net->config()));
  const auto x = random_inputs(3 * net->config().input.size(), 5);
  const Outputs a = run(*net, x, 3), b = run(*back, x, 3);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.wdl, b.wdl);
  EXPECT_EQ(a.aux, b.aux);
  // A damaged export is refused with a message naming the file.
  fs::resize_file(dir / "weights.bin", 100);
  EXPECT_THROW(import_network(dir.string()), GameError);
  fs::remove_all(dir);
  EXPECT_THROW(export_network(*net, dir.string(), {"only one name"}), GameError);
}

TEST(Export, NumpyForwardMatchesTheNetwork) {
  const std::string python = python_with_numpy();
  // A dependency of the tests (scripts/setup.sh installs python3-numpy): a
  // missing one fails here rather than passing unchecked.
  ASSERT_FALSE(python.empty())
      << "no python3 with numpy (scripts/setup.sh installs python3-numpy): "
         "scripts/inchzero_model.py cannot be checked";
  auto net = randomised_network(4);
  const fs::path dir = temp_dir("export_py");
  export_network(*net, dir.string());
  const int batch = 4;
  const auto x = random_inputs(batch * net->config().input.size(), 6);
  {
    std::ofstream out(dir / "inputs.f32", std::ios::binary);
    out.write(reinterpret_cast<const char*>(x.data()), sizeof(float) * x.size());
  }
  int status = -1;
  const std::string text =
      run_command(python + " " INCHZERO_SOURCE_DIR "/scripts/inchzero_model.py " + dir.string() +
                      " --inputs " + (dir / "inputs.f32").string(),
                  &status);
  fs::remove_all(dir);
  ASSERT_EQ(status, 0) << text;
  const nlohmann::json result = nlohmann::json::parse(text);
  const Outputs expected = run(*net, x, batch);
  const auto& c = net->config();
  ASSERT_EQ(result["policy_logits"].size(), static_cast<size_t>(batch));
  for (int r = 0; r < batch; ++r) {
    for (int a = 0; a < c.num_actions; ++a)
      EXPECT_NEAR(result["policy_logits"][r][a].get<float>(),
                  expected.policy[r * c.num_actions + a], 1e-4);
    for (int k = 0; k < 3; ++k)
      EXPECT_NEAR(result["wdl"][r][k].get<float>(), expected.wdl[r * 3 + k], 1e-4);
    for (int k = 0; k < c.arch.aux_outputs; ++k)
      EXPECT_NEAR(result["aux"][r][k].get<float>(), expected.aux[r * c.arch.aux_outputs + k], 1e-4);
  }
}

}  // namespace
}  // namespace inchzero
