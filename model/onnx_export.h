// The ONNX export (docs/export.md): the network as an ONNX graph built with
// the protobuf classes of Debian's libonnx-dev — IR version 7, opset 13, a
// dynamic batch dimension named "batch", the weights as initializers, the
// export metadata in metadata_props. No LibTorch here.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/network.h"

namespace inchzero {

constexpr int kOnnxIrVersion = 7;
constexpr int kOnnxOpset = 13;

// The serialised ModelProto (the content of a .onnx file): input `planes`,
// outputs `policy_logits`, `wdl` (softmax inside the graph) and `aux` when
// the network has an aux head; `metadata` (export_metadata) as
// metadata_props (metadata_strings). Throws GameError if it cannot be built.
std::string onnx_model_bytes(const Network& network, const nlohmann::json& metadata);

}  // namespace inchzero
