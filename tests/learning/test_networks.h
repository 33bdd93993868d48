// Small networks, training batches and temporary paths shared by the tests
// of the network, the trainer and the devices (model/, train/, tests/gpu/).
#pragma once

#include <cstdint>
#include <string>

#include "model/network_config.h"
#include "train/training_batch.h"

namespace inchzero::testing {

// A stand-in binding without an encoder: game "testgame", `planes` planes on
// a `side` × `side` board, one action per cell, a `blocks` × `channels`
// trunk with value_hidden = channels, and `aux_outputs` auxiliary outputs.
NetworkConfig test_network_config(int planes, int side, int blocks, int channels,
                                  int aux_outputs = 0);

// A fixed random batch for `c`: 30 % of the input cells set; rows of even
// index have policy weight 1 and a 0.75 / 0.25 target over two cells, odd
// rows weight 0 and no target; one-hot outcomes; one aux target in [-1, 1)
// per auxiliary output. The same seed gives the same batch.
TrainingBatch random_training_batch(const NetworkConfig& c, int size, uint64_t seed);

// A path in the temporary folder unique to this process: inchzero_<pid>_<name>.
std::string temp_test_path(const std::string& name);

}  // namespace inchzero::testing
