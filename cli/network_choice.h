// The --network option of subcommands that run self-play: which network
// evaluates positions, as a factory of backends for the workers.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "model/device.h"
#include "model/encoder.h"
#include "model/network_config.h"
#include "model/precision.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero::cli {

// Help text of --network.
constexpr const char* kNetworkHelp =
    "random (the default run's architecture, freshly initialised from --seed) | torch:PATH "
    "(a network file, run folder or zoo:NAME) | mock | uniform";

// What a command's networks run in and on, and the same for its records:
// {"precision": "bf16", "setting": "auto", "engine", "cpu", "device": {device_record}}.
struct ResolvedInference {
  InferenceOptions options;
  nlohmann::json record;
};

// --precision and --device of the commands that evaluate networks.
struct InferenceChoice {
  std::string precision = "auto";
  std::string device = "cpu";

  // Declare --precision (fp32 | bf16 | auto, default auto) and --device
  // (cpu | cuda | cuda:N | auto, default cpu) on `app`.
  void add_options(CLI::App& app);
  // resolve_inference with these settings; throws GameError naming the bad one.
  ResolvedInference resolve(bool announce = true) const;
};

// The text of a --device option; throws GameError "--device: unknown device ...".
Device parse_device_option(const std::string& text);

// The inference options of `precision` on `device` run by `engine`, for the
// command to hand to every backend and player it builds, and, when
// `announce`, a line on stderr of what they mean on this machine. Throws
// GameError naming `setting` when the device cannot be had (the command
// exits 2).
ResolvedInference resolve_inference(Precision precision, const Device& device, bool announce = true,
                                    const std::string& setting = "--device",
                                    InferenceEngine engine = InferenceEngine::kOnednn);

// The shape of the network `spec` names: the file's for torch:PATH, else the
// default run's architecture (what "random" builds).
NetworkConfig network_config(const std::string& spec, const Game& game, const Encoder& encoder);

// A factory handing every worker the same (thread-safe) backend for `spec`,
// run as `inference` says. Throws GameError on an unknown spec or a network
// that does not fit the game.
BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed, const InferenceOptions& inference);

}  // namespace inchzero::cli
