// A portable form of a network for other front ends (docs/model-format.md):
// DIR/model.json (config, tensor table, layer list, input description) and
// DIR/weights.bin (every tensor as little-endian float32, back to back).
// scripts/inchzero_model.py runs it with numpy alone.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/network.h"

namespace inchzero {

// Write `network` to `dir` (created if missing; files written to temporary
// names then renamed). `plane_names` optionally describes the input planes
// (one name per input channel, e.g. from the game's encoder); empty = unnamed.
// Throws GameError on I/O failure or a wrong number of plane names.
void export_network(const Network& network, const std::string& dir,
                    const std::vector<std::string>& plane_names = {});

// Read an export back into a Network (checks the layer list is the one this
// build produces for the embedded config). Throws GameError naming the file
// and the problem.
std::shared_ptr<Network> import_network(const std::string& dir);

}  // namespace inchzero
