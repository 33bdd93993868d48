// What an ONNX or TorchScript export says about its network
// (docs/export.md, "Metadata"): one JSON object with everything a front end
// needs — game, every resolved rule option, board, input planes and encoder
// version, action space, value convention, tensors, and the training run the
// network came from. Stored inside the model (ONNX metadata_props,
// TorchScript extra file metadata.json) and beside it (NAME.json).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

#include "model/network_config.h"

namespace inchzero {

// Where a network file came from (filled from its path by
// train/network_provenance.h). Empty strings and -1 mean "unknown".
struct NetworkProvenance {
  std::string source;      // the network file as given
  std::string run;         // the run folder holding networks/net-NNNNNN.pt
  int iteration = -1;      // the NNNNNN of that file
  std::string seed;        // the run's recorded seed (config.yaml `seed:`)
  std::string run_config;  // the run's config.yaml, verbatim
};

// The version of the metadata below; bumped when a key changes meaning.
constexpr int kExportMetadataVersion = 1;

// The metadata of `config` exported as `model_format` ("onnx",
// "torchscript"). Rebuilds the network's rules with load_game_from_label and
// lists every option of the game's schema. Throws GameError naming the
// network's game or rule label when they cannot be rebuilt, or when the
// game's encoder does not give the network's input shape.
nlohmann::json export_metadata(const NetworkConfig& config, const NetworkProvenance& provenance,
                               const std::string& model_format);

// The metadata as (key, value) strings, in key order (ONNX metadata_props):
// a string value as it is, any other value as compact JSON text.
std::vector<std::pair<std::string, std::string>> metadata_strings(const nlohmann::json& metadata);

}  // namespace inchzero
