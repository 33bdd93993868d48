// Graceful Ctrl-C for long subcommands (run, selfplay): the first SIGINT or
// SIGTERM sets a flag that the work polls, so it stops at a safe point with
// nothing half-written; a second one exits at once.
#pragma once

#include <atomic>

namespace inchzero::cli {

// Install the handlers (idempotent) and return the flag they set.
const std::atomic<bool>& install_stop_handler();

}  // namespace inchzero::cli
