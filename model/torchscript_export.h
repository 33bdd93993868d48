// The TorchScript export (docs/export.md): a scripted module built in C++ —
// the weights registered as parameters, forward(planes) defined as
// TorchScript source — that Python's torch.jit.load runs without inchzero.
// forward returns (policy_logits, wdl) or (policy_logits, wdl, aux); the
// export metadata is the archive's extra file metadata.json. No LibTorch in
// this header.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/network.h"

namespace inchzero {

// The name of the extra file holding the metadata (torch.jit.load's _extra_files).
constexpr const char* kTorchScriptMetadataFile = "metadata.json";

// The TorchScript source of forward() for `config` (parameter names are
// Network::parameter_values() names with '.' replaced by '_').
std::string torchscript_forward_source(const NetworkConfig& config);

// The TorchScript archive of `network` (the content of its .pt file), with
// `metadata` (export_metadata) as the extra file metadata.json. Throws
// GameError if LibTorch cannot build it.
std::string torchscript_archive_bytes(const Network& network, const nlohmann::json& metadata);

}  // namespace inchzero
