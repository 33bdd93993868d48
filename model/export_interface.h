// The tensors of an exported model (ONNX and TorchScript alike,
// docs/export.md): one input, `planes`, and two or three outputs, each with a
// leading batch dimension of any size. No LibTorch here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/network_config.h"

namespace inchzero {

// The name of the batch dimension (ONNX dim_param; "batch" in metadata shapes).
constexpr const char* kBatchDimension = "batch";

struct ExportTensor {
  std::string name;
  std::vector<int64_t> shape;  // shape[0] is the batch dimension, stored as -1
};

// `planes`: batch x channels x height x width float32, the encoder's planes.
std::vector<ExportTensor> export_inputs(const NetworkConfig& config);
// `policy_logits` (batch x num_actions), `wdl` (batch x 3 probabilities) and,
// when the network has an auxiliary head, `aux` (batch x aux_outputs).
std::vector<ExportTensor> export_outputs(const NetworkConfig& config);

}  // namespace inchzero
