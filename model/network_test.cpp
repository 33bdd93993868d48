#include "model/network.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "model/backend.h"

namespace inchzero {
namespace {

// A small stand-in binding (no encoder needed): 5 planes on a 4×6 board.
NetworkConfig small_config(int aux_outputs = 0) {
  NetworkConfig c;
  c.game = "testgame";
  c.rules = "default";
  c.input = {5, 4, 6};
  c.num_actions = 30;
  c.arch.blocks = 2;
  c.arch.channels = 16;
  c.arch.value_hidden = 16;
  c.arch.aux_outputs = aux_outputs;
  return c;
}

std::vector<float> random_inputs(const NetworkConfig& c, int batch, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> x(static_cast<size_t>(batch) * c.input.size());
  for (auto& v : x) v = u(rng);
  return x;
}

struct Outputs {
  std::vector<float> policy, wdl, aux;
};

Outputs run(const Network& net, const std::vector<float>& x, int batch) {
  const auto& c = net.config();
  Outputs o{std::vector<float>(static_cast<size_t>(batch) * c.num_actions),
            std::vector<float>(static_cast<size_t>(batch) * 3),
            std::vector<float>(static_cast<size_t>(batch) * std::max(1, c.arch.aux_outputs))};
  net.evaluate(x.data(), batch, o.policy.data(), o.wdl.data(), o.aux.data());
  return o;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("inchzero_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

TEST(Network, SameSeedSameWeightsDifferentSeedDifferent) {
  auto a = Network::create(small_config(), 7), b = Network::create(small_config(), 7),
       c = Network::create(small_config(), 8);
  auto x = random_inputs(small_config(), 3, 1);
  // Fixup zero-initialises each block's last conv, but stem and heads are
  // random, so outputs depend on the seed.
  EXPECT_EQ(run(*a, x, 3).policy, run(*b, x, 3).policy);
  EXPECT_NE(run(*a, x, 3).policy, run(*c, x, 3).policy);
}

TEST(Network, WdlIsAProbabilityDistribution) {
  auto net = Network::create(small_config(), 1);
  auto out = run(*net, random_inputs(net->config(), 4, 2), 4);
  for (int r = 0; r < 4; ++r) {
    float sum = 0;
    for (int k = 0; k < 3; ++k) {
      EXPECT_GT(out.wdl[3 * r + k], 0.0f);
      sum += out.wdl[3 * r + k];
    }
    EXPECT_NEAR(sum, 1.0f, 1e-5);
  }
}

TEST(Network, BatchRowsAreIndependent) {
  auto net = Network::create(small_config(), 3);
  auto x = random_inputs(net->config(), 4, 9);
  auto batched = run(*net, x, 4);
  const int n = net->config().input.size(), a = net->config().num_actions;
  for (int r = 0; r < 4; ++r) {
    std::vector<float> row(x.begin() + r * n, x.begin() + (r + 1) * n);
    auto single = run(*net, row, 1);
    for (int i = 0; i < a; ++i) EXPECT_NEAR(single.policy[i], batched.policy[r * a + i], 1e-4);
  }
}

TEST(Network, SaveLoadRoundTripKeepsConfigAndOutputs) {
  auto net = Network::create(small_config(2), 5);
  const std::string path = temp_path("roundtrip.pt");
  net->save(path);
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  auto loaded = Network::load(path);
  EXPECT_EQ(to_json(loaded->config()), to_json(net->config()));
  auto x = random_inputs(net->config(), 3, 4);
  auto a = run(*net, x, 3), b = run(*loaded, x, 3);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.wdl, b.wdl);
  EXPECT_EQ(a.aux, b.aux);
  std::filesystem::remove(path);
}

TEST(Network, CloneIsIndependentCopy) {
  auto net = Network::create(small_config(), 5);
  auto copy = net->clone();
  auto x = random_inputs(net->config(), 2, 4);
  EXPECT_EQ(run(*net, x, 2).policy, run(*copy, x, 2).policy);
}

TEST(Network, ReboundKeepsTheWeightsAndTakesTheNewRulesLabelOnly) {
  auto net = Network::create(small_config(1), 5);
  NetworkConfig other_rules = small_config(1);
  other_rules.rules = "original target_score=60";
  auto rebound = net->rebound(other_rules);
  EXPECT_EQ(rebound->config().rules, "original target_score=60");
  EXPECT_EQ(net->config().rules, "default");
  auto x = random_inputs(net->config(), 3, 4);
  auto a = run(*net, x, 3), b = run(*rebound, x, 3);
  EXPECT_EQ(a.policy, b.policy);
  EXPECT_EQ(a.wdl, b.wdl);
  EXPECT_EQ(a.aux, b.aux);
  // Anything but the label is a different network: refused.
  NetworkConfig wider = other_rules;
  wider.arch.channels = 32;
  EXPECT_THROW(net->rebound(wider), GameError);
  NetworkConfig other_game = other_rules;
  other_game.game = "othergame";
  EXPECT_THROW(net->rebound(other_game), GameError);
  NetworkConfig other_planes = other_rules;
  other_planes.input.channels = 6;
  EXPECT_THROW(net->rebound(other_planes), GameError);
}

TEST(Network, ChannelsLastCopyComputesTheSameFunctionAndSavesNchw) {
  auto net = Network::create(small_config(1), 6);
  auto fast = net->clone(WeightLayout::kChannelsLast);
  EXPECT_EQ(fast->layout(), WeightLayout::kChannelsLast);
  auto x = random_inputs(net->config(), 5, 8);
  auto a = run(*net, x, 5), b = run(*fast, x, 5);
  for (size_t i = 0; i < a.policy.size(); ++i) EXPECT_NEAR(a.policy[i], b.policy[i], 1e-4);
  for (size_t i = 0; i < a.wdl.size(); ++i) EXPECT_NEAR(a.wdl[i], b.wdl[i], 1e-5);
  // Saving a channels-last copy writes the same weights as the NCHW original.
  const std::string path = temp_path("channels_last.pt");
  fast->save(path);
  auto loaded = Network::load(path);
  EXPECT_EQ(loaded->layout(), WeightLayout::kNchw);
  EXPECT_EQ(run(*loaded, x, 5).policy, a.policy);
  std::filesystem::remove(path);
}

TEST(Network, LoadRejectsMissingAndForeignFiles) {
  EXPECT_THROW(Network::load(temp_path("does_not_exist.pt")), GameError);
  const std::string path = temp_path("garbage.pt");
  { std::ofstream(path) << "not a network"; }
  EXPECT_THROW(Network::load(path), GameError);
  std::filesystem::remove(path);
}

TEST(Network, MismatchedGameOrShapeIsAClearError) {
  auto net = Network::create(small_config(), 5);
  const std::string path = temp_path("mismatch.pt");
  net->save(path);
  const int n = net->config().input.size(), a = net->config().num_actions;
  try {
    make_backend("torch:" + path, {n + 1, a});
    FAIL() << "expected a GameError";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("testgame"), std::string::npos) << e.what();
  }
  // An encoder with more planes (a network saved before planes were added).
  const auto& in = net->config().input;
  try {
    make_backend("torch:" + path, {n + 8 * in.height * in.width, a});
    FAIL() << "expected a GameError";
  } catch (const GameError& e) {
    const std::string expected = "gives " + std::to_string(in.channels + 8) +
                                 " input planes, not " + std::to_string(in.channels);
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_backend("torch:" + path, {n, a + 1}), GameError);
  EXPECT_THROW(make_backend("torch:" + path, {n, a}, "othergame"), GameError);
  EXPECT_NO_THROW(make_backend("torch:" + path, {n, a}, "testgame"));
  std::filesystem::remove(path);
}

TEST(NetworkConfig, JsonRoundTripAndUnknownKeyRejected) {
  auto c = small_config(1);
  auto j = to_json(c);
  EXPECT_EQ(to_json(network_config_from_json(j)), j);
  j["architecture"]["blokcs"] = 3;
  try {
    network_config_from_json(j);
    FAIL() << "expected a GameError";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("blokcs"), std::string::npos) << e.what();
  }
}

// Numbers outside an int's range: refused, not wrapped (2^32 + 4 read as 4)
// nor converted with undefined behaviour (found by fuzz/fuzz_network.cpp).
TEST(NetworkConfig, NumbersOutsideTheIntRangeAreRefused) {
  const nlohmann::json good = to_json(small_config(1));
  for (const nlohmann::json& number :
       {nlohmann::json(4294967300LL), nlohmann::json(1.4e32), nlohmann::json(-1e19),
        nlohmann::json(18446744073709551615ULL)}) {
    for (const char* key : {"blocks", "channels", "value_hidden"}) {
      nlohmann::json j = good;
      j["architecture"][key] = number;
      try {
        network_config_from_json(j);
        ADD_FAILURE() << key << " = " << number.dump() << " was accepted";
      } catch (const GameError& e) {
        EXPECT_NE(std::string(e.what()).find(std::string("network.") + key), std::string::npos)
            << e.what();
      }
    }
    nlohmann::json j = good;
    j["input"]["height"] = number;
    EXPECT_THROW(network_config_from_json(j), GameError) << number.dump();
  }
  // In range, a float is truncated as before.
  nlohmann::json j = good;
  j["architecture"]["blocks"] = 1.0;
  EXPECT_EQ(network_config_from_json(j).arch.blocks, 1);
}

TEST(NetworkConfig, FlopCountMatchesHandCount) {
  NetworkConfig c = small_config();
  const int64_t cells = 24;
  const int64_t expected = 2 * 5 * 16 * 9 * cells + 2 * 2 * (2 * 16 * 16 * 9 * cells) +
                           2 * 16 * 4 * cells + 2 * 4 * cells * 30 + 2 * 16 * 2 * cells +
                           2 * 2 * cells * 16 + 2 * 16 * 3;
  EXPECT_EQ(c.flops_per_position(), expected);
}

}  // namespace
}  // namespace inchzero
