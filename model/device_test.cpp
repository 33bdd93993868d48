#include "model/device.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "model/backend.h"
#include "model/network.h"
#include "tests/learning/test_networks.h"

namespace inchzero {
namespace {

TEST(Device, ParsesAndWritesEveryForm) {
  for (const std::string text : {"cpu", "cuda", "cuda:0", "cuda:3", "auto"})
    EXPECT_EQ(to_string(parse_device(text)), text);
  EXPECT_EQ(parse_device("cuda:2").index, 2);
  EXPECT_EQ(parse_device("cuda").index, -1);
  EXPECT_EQ(Device().kind, Device::Kind::kCpu) << "the CPU is the default";
  nlohmann::json j = parse_device("cuda:1");
  EXPECT_EQ(j, "cuda:1");
  EXPECT_EQ(j.get<Device>(), parse_device("cuda:1"));
}

TEST(Device, RefusesOtherTextsNamingThem) {
  for (const std::string text : {"gpu", "CUDA", "cuda:", "cuda:x", "cuda:-1", "cpu:0", ""}) {
    try {
      parse_device(text);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find("unknown device '" + text + "'"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("cpu, cuda, cuda:N, auto"), std::string::npos);
    }
  }
}

TEST(Device, AutoTakesTheGpuOnlyWhenOneIsUsable) {
  const Device automatic = resolve_device(parse_device("auto"), "test");
  if (cuda_usable())
    EXPECT_EQ(automatic, parse_device("cuda:0"));
  else
    EXPECT_EQ(automatic, Device());
  EXPECT_EQ(resolve_device(parse_device("cpu"), "test"), Device());
}

TEST(Device, CudaWithoutAGpuIsRefusedNamingTheSetting) {
  // On a GPU machine cuda resolves; past the visible GPUs it never does.
  if (cuda_usable()) {
    EXPECT_EQ(resolve_device(parse_device("cuda"), "x"), parse_device("cuda:0"));
  } else {
    try {
      resolve_device(parse_device("cuda"), "selfplay.device");
      ADD_FAILURE() << "cuda resolved without CUDA";
    } catch (const GameError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("selfplay.device cuda: ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(resolve_device(parse_device("cuda:999"), "--device"), GameError);
}

TEST(Device, RecordNamesDeviceVersionsAndSetting) {
  const nlohmann::json r = device_record(Device(), parse_device("auto"));
  EXPECT_EQ(r.at("device"), "cpu");
  EXPECT_EQ(r.at("setting"), "auto");
  EXPECT_FALSE(r.at("name").get<std::string>().empty());
  EXPECT_EQ(r.at("libtorch"), libtorch_version());
  EXPECT_FALSE(r.at("cuda").get<std::string>().empty());  // a version or "none"
  EXPECT_NE(device_line(Device(), Device()).find("device: cpu (setting cpu) "), std::string::npos);
}

NetworkConfig small_config() { return testing::test_network_config(3, 4, 1, 8); }

// device: cpu given explicitly is the default path, bit for bit.
TEST(Device, ExplicitCpuNetworkEvaluatesLikeTheDefault) {
  const auto net = Network::create(small_config(), 5);
  const auto plain = net->clone(kInferenceLayout, Precision::kFp32);
  const auto cpu = net->clone(kInferenceLayout, Precision::kFp32, parse_device("cpu"));
  EXPECT_EQ(cpu->device(), Device());
  std::vector<float> inputs(2 * 48);
  for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = (i * 7) % 3 == 0 ? 1.0f : 0.0f;
  std::vector<float> p1(2 * 16), w1(6), p2(2 * 16), w2(6);
  plain->evaluate(inputs.data(), 2, p1.data(), w1.data());
  cpu->evaluate(inputs.data(), 2, p2.data(), w2.data());
  EXPECT_EQ(p1, p2);
  EXPECT_EQ(w1, w2);
}

TEST(Device, BackendOnCpuKeepsItsEngineAndLabel) {
  const auto net = Network::create(small_config(), 5);
  const BackendShape shape{48, 16};
  InferenceOptions options{Precision::kFp32, InferenceEngine::kOnednn, parse_device("cpu")};
  EXPECT_EQ(make_network_backend(net, shape, "n", "", options)->describe(), "n (fp32, onednn)");
  if (!cuda_usable()) {
    options.device = parse_device("cuda");
    EXPECT_THROW(make_network_backend(net, shape, "n", "", options), GameError);
  }
}

}  // namespace
}  // namespace inchzero
