// The shape of an inchzero network, declared once and stored inside every
// saved network file (as JSON), so a file always says which game, input
// planes and action space it was trained for. No LibTorch here.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/config_fields.h"
#include "model/encoder.h"

namespace inchzero {

// Architecture hyperparameters (what a training config may set).
//
// Default 4 blocks × 64 channels (~41 MFLOP per Inchworm 8×8 position), chosen
// for a 2-core CPU: self-play dominates the cost (with ~100 visits per move a
// sample takes ~100 network evaluations to generate but only ~3.5
// evaluations' worth of compute to train on, `inchzero bench train`), so
// throughput goes as 1/FLOPs (48 and 64 channels run at the same GFLOP/s) and
// this net plays ~1.45× more games than 6×64 (`inchzero bench nn --blocks 6`).
// Nine 3×3 layers still see 19×19 cells, the whole board; 64 channels match
// oneDNN's AVX-512 blocking (16 floats) and keep room above the ~35 input
// planes, where 48 would narrow the trunk to barely more than its input.
struct NetworkArchitecture {
  int blocks = 4;           // residual blocks in the trunk
  int channels = 64;        // channels of every trunk convolution
  int policy_channels = 4;  // 1×1 conv channels feeding the policy linear layer
  int value_channels = 2;   // 1×1 conv channels feeding the value head
  int value_hidden = 64;    // hidden units of the value head
  int aux_outputs = 0;      // auxiliary scalar outputs (0 = no auxiliary head)

  // Each field once: name, member, meaning, accepted values (core/config_fields.h).
  template <class Self, class V>
  static void visit_fields(Self& a, V&& v) {
    v("blocks", a.blocks, "residual blocks in the trunk (each two 3x3 convolutions)", Range{0, 64});
    v("channels", a.channels, "channels of every trunk convolution", Range{1, 1024});
    v("policy_channels", a.policy_channels, "1x1 conv channels before the policy linear layer",
      Range{1, 256});
    v("value_channels", a.value_channels, "1x1 conv channels before the value head", Range{1, 256});
    v("value_hidden", a.value_hidden, "hidden units of the value head", Range{1, 4096});
    v("aux_outputs", a.aux_outputs,
      "auxiliary regression outputs from the value head (0 = none); their meaning is set by "
      "the data pipeline, e.g. final score difference / target score",
      Range{0, 64});
  }
};

// Throws GameError naming the key ("network.blocks") when a value is out of range.
void validate(const NetworkArchitecture& arch);
// Overwrite fields from a YAML map (the `network` section) and validate;
// unknown keys and bad values are errors naming them.
void architecture_from_yaml(NetworkArchitecture& arch, const YAML::Node& node);

// Everything needed to rebuild a network: the game binding plus the architecture.
struct NetworkConfig {
  std::string game;        // registry name the network was trained for, e.g. "inchworm"
  std::string rules;       // rule-set label at training time (informational only)
  ObservationShape input;  // encoder planes channels × height × width
  int num_actions = 0;     // policy logits (Game::num_actions())
  NetworkArchitecture arch;

  // Multiply-adds ×2 of one position's forward pass (convolutions and linear
  // layers; biases and activations are not counted). Used for GFLOP/s.
  int64_t flops_per_position() const;
};

// Throws GameError when the binding or the architecture is invalid.
void validate(const NetworkConfig& config);

// The one way a network is bound to a game: its name, its rules' label
// (which rebuilds them, core/registry.h), its encoder's planes and its
// action space, with `arch`. Validated; throws GameError.
NetworkConfig network_config_for(const Game& game, const NetworkArchitecture& arch);
nlohmann::json to_json(const NetworkConfig& config);
// Parse and validate; throws GameError naming a missing or bad field.
NetworkConfig network_config_from_json(const nlohmann::json& json);

// Throws GameError with a message naming `source` (e.g. a file path) when a
// network built for `config` cannot serve a game whose encoder produces
// `input_size` floats with `num_actions` actions, or (if `game` is not empty)
// when it was trained for another game.
void check_network_fits(const NetworkConfig& config, const std::string& source,
                        const std::string& game, int input_size, int num_actions);

}  // namespace inchzero
