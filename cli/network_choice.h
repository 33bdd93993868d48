// The --network option of subcommands that run self-play: which network
// evaluates positions, as a factory of backends for the workers.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "model/encoder.h"
#include "model/network_config.h"
#include "model/precision.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero::cli {

// Help text of --network.
constexpr const char* kNetworkHelp =
    "random (the default run's architecture, freshly initialised from --seed) | torch:PATH "
    "(a network file, run folder or zoo:NAME) | mock | uniform";

// --precision on `app` (fp32 | bf16 | auto, default auto) into `value`.
void add_precision_option(CLI::App& app, std::string& value);
// Make `precision` the process-wide inference setting (model/backend.h) and,
// when `announce`, say on stderr what it means on this CPU. Returns what was
// applied, for the command's records: {"precision": "bf16", "setting":
// "auto", "engine", "cpu"}.
nlohmann::json apply_precision(Precision precision, bool announce = true);
inline nlohmann::json apply_precision(const std::string& text, bool announce = true) {
  return apply_precision(parse_precision(text), announce);
}

// The shape of the network `spec` names: the file's for torch:PATH, else the
// default run's architecture (what "random" builds).
NetworkConfig network_config(const std::string& spec, const Game& game, const Encoder& encoder);

// A factory handing every worker the same (thread-safe) backend for `spec`.
// Throws GameError on an unknown spec or a network that does not fit the game.
BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed);

}  // namespace inchzero::cli
