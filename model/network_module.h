// The torch::nn module of the inchzero network (see model/network.h for the
// architecture). Include only from .cpp files that need tensors.
//
// Why no BatchNorm: the trunk uses Fixup-style initialisation instead
// (Zhang et al. 2019; KataGo reports 1.6–1.8× faster training without BN).
// Each residual branch's first conv is He-initialised and scaled by
// blocks^(-1/2), its last conv starts at zero, so every block begins as the
// identity and the signal scale stays put however deep the trunk is. Without
// BN the network computes the same function in training and inference: no
// running statistics, no train/eval mode to forget (the minigo BatchNorm bug),
// nothing to fold for inference or export, and inference is deterministic.
// Every conv keeps its own per-channel bias, which plays the role of Fixup's
// scalar biases.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>

#include <vector>

#include "model/network_config.h"

namespace inchzero {

struct NetworkOutputs {
  torch::Tensor policy_logits;  // batch × num_actions
  torch::Tensor wdl_logits;     // batch × 3 (win, draw, loss), unnormalised
  torch::Tensor aux;            // batch × aux_outputs, undefined when there is no aux head
};

class NetworkModule : public torch::nn::Module {
 public:
  // Builds the layers and initialises them from torch's global generator
  // (the caller seeds it; Network::create does).
  explicit NetworkModule(const NetworkConfig& config);

  // x: batch × channels × height × width.
  NetworkOutputs forward(const torch::Tensor& x);

  // Parameter names (named_parameters(), registration order, used by saved
  // files and exports): "stem.weight", "block0_conv1.bias", …, "policy_fc.weight",
  // "value_fc2.bias", "aux_fc.weight".
  struct Block {
    torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  };
  torch::nn::Conv2d stem{nullptr};
  std::vector<Block> trunk;
  torch::nn::Conv2d policy_conv{nullptr};
  torch::nn::Linear policy_fc{nullptr};
  torch::nn::Conv2d value_conv{nullptr};
  torch::nn::Linear value_fc1{nullptr}, value_fc2{nullptr};
  torch::nn::Linear aux_fc{nullptr};  // null when aux_outputs == 0

 private:
  NetworkConfig config_;
};

}  // namespace inchzero
