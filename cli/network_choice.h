// The --network option of subcommands that run self-play: which network
// evaluates positions, as a factory of backends for the workers.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"
#include "model/encoder.h"
#include "selfplay/selfplay_worker.h"

namespace inchzero::cli {

// Help text of --network.
constexpr const char* kNetworkHelp =
    "random (the default architecture, freshly initialised from --seed) | torch:PATH | mock | "
    "uniform";

// A factory handing every worker the same (thread-safe) backend for `spec`.
// Throws GameError on an unknown spec or a network that does not fit the game.
BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed);

}  // namespace inchzero::cli
