#include "model/backend.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <thread>
#include <vector>

#include "model/network.h"
#include "model/network_module.h"

namespace inchzero {
namespace {

constexpr int kInput = 40, kActions = 12;

std::vector<float> random_inputs(int n, int batch, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0, 1);
  std::vector<float> x(static_cast<size_t>(n) * batch);
  for (auto& v : x) v = u(rng);
  return x;
}

void expect_wdl_rows(const std::vector<float>& wdl, int batch) {
  for (int r = 0; r < batch; ++r)
    EXPECT_NEAR(wdl[3 * r] + wdl[3 * r + 1] + wdl[3 * r + 2], 1.0f, 1e-5);
}

TEST(Backend, UnknownSpecNamesKnownOnes) {
  try {
    make_backend("tourch:x", {kInput, kActions});
    FAIL() << "expected a GameError";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("mock"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_backend("torch:", {kInput, kActions}), GameError);
  EXPECT_THROW(make_backend("mock:3", {kInput, kActions}), GameError);
}

TEST(Backend, MockIsDeterministicPerRowAndVaried) {
  auto a = make_backend("mock", {kInput, kActions});
  auto b = make_backend("mock", {kInput, kActions});
  EXPECT_EQ(a->shape().num_actions, kActions);
  const int batch = 5;
  auto x = random_inputs(kInput, batch, 3);
  std::vector<float> p1(batch * kActions), w1(batch * 3), p2(batch * kActions), w2(batch * 3);
  a->evaluate(x.data(), batch, p1.data(), w1.data());
  b->evaluate(x.data(), batch, p2.data(), w2.data());
  EXPECT_EQ(p1, p2);
  EXPECT_EQ(w1, w2);
  expect_wdl_rows(w1, batch);
  // Row 2 alone gives the same output as inside the batch.
  std::vector<float> p3(kActions), w3(3);
  a->evaluate(x.data() + 2 * kInput, 1, p3.data(), w3.data());
  EXPECT_TRUE(std::equal(p3.begin(), p3.end(), p1.begin() + 2 * kActions));
  // Different positions give different priors; within a row priors vary.
  EXPECT_FALSE(std::equal(p1.begin(), p1.begin() + kActions, p1.begin() + kActions));
  EXPECT_NE(p1[0], p1[1]);
}

TEST(Backend, UniformIsNeutral) {
  auto u = make_backend("uniform", {kInput, kActions});
  auto x = random_inputs(kInput, 2, 3);
  std::vector<float> p(2 * kActions, 9.0f), w(6);
  u->evaluate(x.data(), 2, p.data(), w.data());
  for (float v : p) EXPECT_EQ(v, 0.0f);
  for (float v : w) EXPECT_FLOAT_EQ(v, 1.0f / 3.0f);
}

TEST(Backend, TorchBackendEqualsDirectForward) {
  NetworkConfig c;
  c.game = "testgame";
  c.input = {10, 2, 2};
  c.num_actions = kActions;
  c.arch.blocks = 1;
  c.arch.channels = 8;
  auto net = Network::create(c, 11);
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("inchzero_backend_" + std::to_string(::getpid()) + ".pt"))
                               .string();
  net->save(path);
  // The LibTorch engine in fp32 is the network's own forward, bit for bit
  // (the oneDNN engine and bf16 are compared in onednn_network_test.cpp).
  const InferenceOptions reference{Precision::kFp32, InferenceEngine::kTorch, Device()};
  auto backend = make_backend("torch:" + path, {kInput, kActions}, "", reference);
  auto in_process = make_network_backend(net, {kInput, kActions}, "network", "", reference);
  EXPECT_EQ(backend->describe(), "torch:" + path + " (fp32, torch)");
  const int batch = 6;
  auto x = random_inputs(kInput, batch, 5);
  std::vector<float> p1(batch * kActions), w1(batch * 3), p2(p1), w2(w1), p3(p1), w3(w1);
  backend->evaluate(x.data(), batch, p1.data(), w1.data());
  in_process->evaluate(x.data(), batch, p2.data(), w2.data());
  net->evaluate(x.data(), batch, p3.data(), w3.data());
  EXPECT_EQ(p1, p3);
  EXPECT_EQ(w1, w3);
  EXPECT_EQ(p2, p3);
  expect_wdl_rows(w1, batch);
  std::filesystem::remove(path);
}

TEST(Backend, ConcurrentEvaluateCallsGiveTheSequentialResults) {
  NetworkConfig c;
  c.game = "testgame";
  c.input = {10, 2, 2};
  c.num_actions = kActions;
  c.arch.blocks = 2;
  c.arch.channels = 16;
  auto backend = make_network_backend(Network::create(c, 13), {kInput, kActions});
  constexpr int kThreads = 4, kBatch = 8, kRepeats = 20;
  std::vector<std::vector<float>> inputs, expected;
  for (int t = 0; t < kThreads; ++t) {
    inputs.push_back(random_inputs(kInput, kBatch, 100 + t));
    expected.emplace_back(kBatch * kActions);
    std::vector<float> wdl(kBatch * 3);
    backend->evaluate(inputs[t].data(), kBatch, expected[t].data(), wdl.data());
  }
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<float> policy(kBatch * kActions), wdl(kBatch * 3);
      for (int r = 0; r < kRepeats; ++r) {
        backend->evaluate(inputs[t].data(), kBatch, policy.data(), wdl.data());
        mismatches[t] += policy != expected[t];
      }
    });
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(mismatches[t], 0) << "thread " << t;
}

TEST(Backend, InMemoryBackendKeepsItsOwnCopyOfTheWeights) {
  NetworkConfig c;
  c.game = "testgame";
  c.input = {10, 2, 2};
  c.num_actions = kActions;
  c.arch.blocks = 1;
  c.arch.channels = 8;
  auto net = Network::create(c, 12);
  auto backend = make_network_backend(net, {kInput, kActions});
  auto x = random_inputs(kInput, 2, 7);
  std::vector<float> before(2 * kActions), after(2 * kActions), wdl(6);
  backend->evaluate(x.data(), 2, before.data(), wdl.data());
  {
    torch::NoGradGuard no_grad;  // what a training step would do to `net`
    for (auto& p : net->module().parameters()) p.add_(1.0);
  }
  backend->evaluate(x.data(), 2, after.data(), wdl.data());
  EXPECT_EQ(before, after);
  std::vector<float> changed(2 * kActions);
  net->evaluate(x.data(), 2, changed.data(), wdl.data());
  EXPECT_NE(before, changed);
}

}  // namespace
}  // namespace inchzero
