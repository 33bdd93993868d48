#include "model/network.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/Generator.h>
#include <c10/core/InferenceMode.h>
#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "core/json_input.h"
#include "model/checked_archive.h"
#include "model/compute_threads.h"
#include "model/network_module.h"
#include "model/torch_device.h"

namespace inchzero {
namespace {

// Keys of the non-tensor entries of a saved network file.
constexpr const char* kConfigKey = "inchzero_config";
constexpr const char* kFormatKey = "inchzero_format";
constexpr int64_t kFormatVersion = 1;

torch::nn::Conv2dOptions conv(int in, int out, int kernel) {
  return torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(true);
}

// Overwrite `weight` with N(0, std²) from `gen` (std 0 gives zeros).
void init_normal(torch::Tensor& weight, double std, at::Generator& gen) {
  torch::NoGradGuard no_grad;
  if (std == 0.0) {
    weight.zero_();
  } else {
    weight.copy_(torch::randn(weight.sizes(), gen, torch::kFloat32) * std);
  }
}

double fan_in(const torch::Tensor& weight) {
  return static_cast<double>(weight.numel() / weight.size(0));
}

}  // namespace

NetworkModule::NetworkModule(const NetworkConfig& config) : config_(config) {
  const auto& a = config.arch;
  const int cells = config.input.height * config.input.width;
  stem = register_module("stem", torch::nn::Conv2d(conv(config.input.channels, a.channels, 3)));
  for (int b = 0; b < a.blocks; ++b) {
    const std::string name = "block" + std::to_string(b);
    Block block;
    block.conv1 =
        register_module(name + "_conv1", torch::nn::Conv2d(conv(a.channels, a.channels, 3)));
    block.conv2 =
        register_module(name + "_conv2", torch::nn::Conv2d(conv(a.channels, a.channels, 3)));
    trunk.push_back(block);
  }
  policy_conv =
      register_module("policy_conv", torch::nn::Conv2d(conv(a.channels, a.policy_channels, 1)));
  policy_fc = register_module("policy_fc",
                              torch::nn::Linear(a.policy_channels * cells, config.num_actions));
  value_conv =
      register_module("value_conv", torch::nn::Conv2d(conv(a.channels, a.value_channels, 1)));
  value_fc1 =
      register_module("value_fc1", torch::nn::Linear(a.value_channels * cells, a.value_hidden));
  value_fc2 = register_module("value_fc2", torch::nn::Linear(a.value_hidden, 3));
  if (a.aux_outputs > 0)
    aux_fc = register_module("aux_fc", torch::nn::Linear(a.value_hidden, a.aux_outputs));
}

NetworkOutputs NetworkModule::forward(const torch::Tensor& x) {
  torch::Tensor h = torch::relu(stem->forward(x));
  for (auto& block : trunk) {
    torch::Tensor branch = block.conv2->forward(torch::relu(block.conv1->forward(h)));
    h = torch::relu(h + branch);
  }
  NetworkOutputs out;
  out.policy_logits = policy_fc->forward(torch::relu(policy_conv->forward(h)).flatten(1));
  torch::Tensor v = torch::relu(value_conv->forward(h)).flatten(1);
  v = torch::relu(value_fc1->forward(v));
  out.wdl_logits = value_fc2->forward(v);
  if (aux_fc) out.aux = aux_fc->forward(v);
  return out;
}

// Fixup-style initialisation (see network_module.h), drawn from a generator
// owned by this call so that the same seed always gives the same weights
// whatever else uses torch's global generator.
static void initialise(NetworkModule& m, uint64_t seed) {
  at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(seed);
  const double blocks = std::max(1, static_cast<int>(m.trunk.size()));
  auto he = [](const torch::Tensor& w) { return std::sqrt(2.0 / fan_in(w)); };
  auto lecun = [](const torch::Tensor& w) { return std::sqrt(1.0 / fan_in(w)); };
  for (auto& p : m.named_parameters()) {
    torch::Tensor t = p.value();
    if (p.key().find(".bias") != std::string::npos) init_normal(t, 0.0, gen);
  }
  init_normal(m.stem->weight, he(m.stem->weight), gen);
  for (auto& block : m.trunk) {
    init_normal(block.conv1->weight, he(block.conv1->weight) / std::sqrt(blocks), gen);
    init_normal(block.conv2->weight, 0.0, gen);
  }
  init_normal(m.policy_conv->weight, he(m.policy_conv->weight), gen);
  init_normal(m.policy_fc->weight, lecun(m.policy_fc->weight), gen);
  init_normal(m.value_conv->weight, he(m.value_conv->weight), gen);
  init_normal(m.value_fc1->weight, he(m.value_fc1->weight), gen);
  init_normal(m.value_fc2->weight, lecun(m.value_fc2->weight), gen);
  if (m.aux_fc) init_normal(m.aux_fc->weight, lecun(m.aux_fc->weight), gen);
}

Network::Network(NetworkConfig config, std::shared_ptr<NetworkModule> module)
    : config_(std::move(config)), module_(std::move(module)) {}

Network::~Network() = default;

std::shared_ptr<Network> Network::create(const NetworkConfig& config, uint64_t seed) {
  validate(config);
  auto module = std::make_shared<NetworkModule>(config);
  initialise(*module, seed);
  return std::shared_ptr<Network>(new Network(config, std::move(module)));
}

void Network::set_format(WeightLayout layout, Precision precision, const Device& device) {
  precision = resolve_precision(precision);
  const Device resolved = resolve_device(device, "network device");
  const torch::Device target = torch_device(resolved);
  const auto format = layout == WeightLayout::kChannelsLast ? torch::MemoryFormat::ChannelsLast
                                                            : torch::MemoryFormat::Contiguous;
  const auto dtype = precision == Precision::kBf16 ? torch::kBFloat16 : torch::kFloat32;
  torch::NoGradGuard no_grad;
  for (auto& p : module_->parameters()) {
    torch::Tensor converted = p.to(target, dtype);
    if (p.dim() == 4) converted = converted.contiguous(format);
    p.set_data(converted);
  }
  layout_ = layout;
  precision_ = precision;
  device_ = resolved;
}

std::shared_ptr<Network> Network::load(const std::string& path, WeightLayout layout,
                                       Precision precision, const Device& device) {
  // Onto the CPU whatever device the tensors were saved from (files written
  // here hold CPU tensors; others may not); set_format moves them.
  torch::serialize::InputArchive archive;
  read_checked_archive(path, "network file", " as an inchzero network", archive);
  c10::IValue format, config_text;
  if (!archive.try_read(kFormatKey, format) || !archive.try_read(kConfigKey, config_text))
    throw GameError("file '" + path + "' is not an inchzero network (no embedded config)");
  if (format.toInt() != kFormatVersion)
    throw GameError("network file '" + path + "' has format version " +
                    std::to_string(format.toInt()) + "; this build reads version " +
                    std::to_string(kFormatVersion));
  NetworkConfig config;
  try {
    config = network_config_from_json(parse_json_or_throw(
        config_text.toStringRef(), "network file '" + path + "': bad embedded config"));
  } catch (const nlohmann::json::exception& e) {
    throw GameError("network file '" + path + "': bad embedded config: " + e.what());
  }
  auto module = std::make_shared<NetworkModule>(config);
  try {
    module->load(archive);
  } catch (const c10::Error& e) {
    throw GameError("network file '" + path +
                    "': weights do not match its config: " + e.what_without_backtrace());
  }
  std::shared_ptr<Network> network(new Network(config, std::move(module)));
  network->set_format(layout, precision, device);
  return network;
}

void Network::save(const std::string& path) const {
  // Files always hold fp32 NCHW CPU weights, whatever this copy's format and device.
  if (layout_ != WeightLayout::kNchw || precision_ != Precision::kFp32 || device_.is_cuda())
    return clone(WeightLayout::kNchw, Precision::kFp32, Device())->save(path);
  torch::serialize::OutputArchive archive;
  module_->save(archive);
  archive.write(kFormatKey, c10::IValue(kFormatVersion));
  archive.write(kConfigKey, c10::IValue(to_json(config_).dump()));
  // Serialised in memory first: torch's file writer aborts the process from
  // its destructor when the disk fills up (c10::Error in ~PyTorchStreamWriter),
  // while write_file_atomically reports one line and removes its temporary.
  std::ostringstream bytes;
  archive.save_to(bytes);
  write_file_atomically(path, bytes.str());
}

std::shared_ptr<Network> Network::clone(WeightLayout layout, Precision precision,
                                        const Device& device) const {
  auto copy = std::make_shared<NetworkModule>(config_);
  {
    torch::NoGradGuard no_grad;
    auto source = module_->named_parameters();
    for (auto& p : copy->named_parameters()) p.value().copy_(source[p.key()]);
  }
  std::shared_ptr<Network> network(new Network(config_, std::move(copy)));
  network->set_format(layout, precision, device);
  return network;
}

std::shared_ptr<Network> Network::rebound(const NetworkConfig& config) const {
  nlohmann::json want = to_json(config);
  nlohmann::json have = to_json(config_);
  want.erase("rules");
  have.erase("rules");
  if (want != have) {
    throw GameError("a network of " + have.dump() + " cannot be bound to " + want.dump());
  }
  auto copy = clone();
  copy->config_ = config;
  return copy;
}

void Network::evaluate(const float* inputs, int batch, float* policy_logits, float* wdl,
                       float* aux) const {
  if (batch <= 0) return;
  adopt_compute_threads();
  c10::InferenceMode inference;
  const auto& in = config_.input;
  // The caller's buffer is wrapped, not copied; forward() only reads it.
  torch::Tensor x = torch::from_blob(const_cast<float*>(inputs),
                                     {batch, in.channels, in.height, in.width}, torch::kFloat32);
  // On a GPU the fp32 inputs go over first (pinned, asynchronous); the
  // conversions below then run there. On the CPU to_device is the tensor itself.
  x = to_device(x, torch_device(device_));
  if (precision_ == Precision::kBf16) x = x.to(torch::kBFloat16);
  if (layout_ == WeightLayout::kChannelsLast) x = x.contiguous(torch::MemoryFormat::ChannelsLast);
  NetworkOutputs out = module_->forward(x);
  torch::Tensor policy = to_host(out.policy_logits.to(torch::kFloat32)).contiguous();
  torch::Tensor probs = to_host(torch::softmax(out.wdl_logits.to(torch::kFloat32), 1)).contiguous();
  std::memcpy(policy_logits, policy.data_ptr<float>(), sizeof(float) * policy.numel());
  std::memcpy(wdl, probs.data_ptr<float>(), sizeof(float) * probs.numel());
  if (aux && out.aux.defined()) {
    torch::Tensor a = to_host(out.aux.to(torch::kFloat32)).contiguous();
    std::memcpy(aux, a.data_ptr<float>(), sizeof(float) * a.numel());
  }
}

int64_t Network::parameter_count() const {
  int64_t total = 0;
  for (const auto& p : module_->parameters()) total += p.numel();
  return total;
}

std::vector<ParameterValues> Network::parameter_values() const {
  std::vector<ParameterValues> out;
  for (const auto& p : module_->named_parameters()) {
    const torch::Tensor t = to_host(p.value().detach().to(torch::kFloat32)).contiguous();
    ParameterValues v;
    v.name = p.key();
    v.shape.assign(t.sizes().begin(), t.sizes().end());
    v.values.assign(t.data_ptr<float>(), t.data_ptr<float>() + t.numel());
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace inchzero
