// The --network option of subcommands that run self-play: which network
// evaluates positions, as a factory of backends for the workers.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game.h"
#include "model/encoder.h"
#include "model/precision.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero::cli {

// Help text of --network.
constexpr const char* kNetworkHelp =
    "random (the default architecture, freshly initialised from --seed) | torch:PATH | mock | "
    "uniform";

// --precision on `app` (fp32 | bf16 | auto, default auto) into `value`.
void add_precision_option(CLI::App& app, std::string& value);
// Make `precision` the process-wide inference setting (model/backend.h) and
// say on stderr what it means on this CPU. Returns what was applied, for the
// command's records: {"precision": "bf16", "setting": "auto", "engine", "cpu"}.
nlohmann::json apply_precision(Precision precision);
inline nlohmann::json apply_precision(const std::string& text) {
  return apply_precision(parse_precision(text));
}

// A factory handing every worker the same (thread-safe) backend for `spec`.
// Throws GameError on an unknown spec or a network that does not fit the game.
BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed);

}  // namespace inchzero::cli
