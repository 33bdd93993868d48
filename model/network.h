// The inchzero policy/value network, behind a header without LibTorch
// (the torch module itself is in model/network_module.h, included only by
// the .cpp files that need tensors: the backend, the trainer, export).
//
// Architecture (AlphaZero-style residual net, no BatchNorm — see
// network_module.h for why):
//   input planes -> 3×3 conv (channels) -> ReLU
//   -> `blocks` × [ 3×3 conv -> ReLU -> 3×3 conv, + skip, ReLU ]
//   policy head: 1×1 conv (policy_channels) -> ReLU -> linear -> num_actions logits
//   value head:  1×1 conv (value_channels) -> ReLU -> linear (value_hidden) -> ReLU
//                -> linear -> 3 win/draw/loss logits   [-> linear -> aux_outputs]
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/device.h"
#include "model/network_config.h"
#include "model/precision.h"

namespace inchzero {

class NetworkModule;  // the torch::nn module (model/network_module.h)

// One parameter tensor copied out of a network as fp32, row-major in the
// logical (NCHW / out × in) order whatever the network's layout.
struct ParameterValues {
  std::string name;  // as NetworkModule registers it: "stem.weight", "block0_conv1.bias", …
  std::vector<int64_t> shape;
  std::vector<float> values;
};

// How convolution weights are laid out in memory. Training uses NCHW (its
// backward pass is slower channels-last). Inference is faster channels-last:
// oneDNN then runs the convolutions without reordering activations between
// layers (measured by `inchzero bench nn --layout nchw|nhwc`).
enum class WeightLayout { kNchw, kChannelsLast };
// The layout inference backends use.
constexpr WeightLayout kInferenceLayout = WeightLayout::kChannelsLast;

class Network {
 public:
  // A freshly initialised network; the same config and seed give the same
  // weights bit for bit. Throws GameError on an invalid config.
  static std::shared_ptr<Network> create(const NetworkConfig& config, uint64_t seed);
  // Load a file written by save(), with its weights in `layout` and
  // `precision` (auto is resolved for this CPU) on `device` (resolved as
  // resolve_device does; the file's tensors are read onto the CPU first,
  // whatever device wrote them). Throws GameError naming the path when the
  // file is missing, unreadable, or not an inchzero network.
  static std::shared_ptr<Network> load(const std::string& path,
                                       WeightLayout layout = WeightLayout::kNchw,
                                       Precision precision = Precision::kFp32,
                                       const Device& device = Device());

  ~Network();
  Network(const Network&) = delete;
  Network& operator=(const Network&) = delete;

  const NetworkConfig& config() const { return config_; }

  // Write weights plus the config (as JSON) to `path` via a temporary file
  // and a rename, so a reader never sees half a file. The file holds fp32
  // NCHW CPU tensors whatever this copy's format and device, so it loads on
  // any machine. Throws GameError on I/O failure.
  void save(const std::string& path) const;
  // An independent deep copy (e.g. a frozen snapshot of a network in
  // training), with its weights in `layout` and converted once to
  // `precision` (auto is resolved for this CPU), on `device` (resolved as
  // resolve_device does; throws GameError when it cannot be had). A bf16 copy
  // is for inference only; training and save() want fp32.
  std::shared_ptr<Network> clone(WeightLayout layout = WeightLayout::kNchw,
                                 Precision precision = Precision::kFp32,
                                 const Device& device = Device()) const;
  // An fp32 NCHW deep copy bound to `config` (a warm start: a network of the
  // same game and shape trained under other rule options), on the CPU.
  // Throws GameError when `config` differs from this network's in anything
  // but the rules label.
  std::shared_ptr<Network> rebound(const NetworkConfig& config) const;
  WeightLayout layout() const { return layout_; }
  // kCpu or kCuda with its index: where the weights are and evaluate() computes.
  const Device& device() const { return device_; }
  // kFp32 or kBf16: what evaluate() computes in.
  Precision precision() const { return precision_; }

  // Inference: `inputs` is batch × config().input.size() contiguous floats;
  // writes batch × num_actions policy logits, batch × 3 win/draw/loss
  // probabilities (softmax) and, when `aux` is not null and the net has an
  // auxiliary head, batch × aux_outputs values. A bf16 network rounds the
  // inputs (0/1 planes and small counts: exact) and every layer's output to
  // bf16, sums in fp32, and returns fp32 (softmax in fp32). On a GPU the
  // inputs go over through pinned memory and the outputs come back before
  // this returns. Deterministic for a given
  // thread count; safe to call from several threads at once as long as
  // nobody trains this same Network concurrently.
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl,
                float* aux = nullptr) const;

  // Number of trainable scalars.
  int64_t parameter_count() const;
  // Every parameter, in registration order (for inference engines that
  // hold their own copy of the weights, and exports).
  std::vector<ParameterValues> parameter_values() const;

  // The torch module, for code that trains or exports (includes
  // model/network_module.h to use it).
  NetworkModule& module() { return *module_; }
  const NetworkModule& module() const { return *module_; }

 private:
  Network(NetworkConfig config, std::shared_ptr<NetworkModule> module);
  void set_format(WeightLayout layout, Precision precision, const Device& device);
  NetworkConfig config_;
  std::shared_ptr<NetworkModule> module_;
  WeightLayout layout_ = WeightLayout::kNchw;
  Precision precision_ = Precision::kFp32;
  Device device_;
};

}  // namespace inchzero
