// Ctrl-C and SIGTERM, routed to one thread that does no computing.
//
// Why: oneDNN 2.x's JIT GEMM kernels point the stack register into the heap
// while they run (uxlfoundation/oneDNN#4845, fixed upstream in 2026; Debian 12
// ships 2.6.3), so a signal handled on a thread inside one writes the kernel's
// signal frame over heap memory, and the process aborts later in free(). A
// self-play worker stopped by SIGTERM died that way about once in 40 stops
// (tests/cli/crash_soak.sh, CI of 69e6a79: exit 134). So main() blocks the
// stop signals before any thread starts (every thread it or a library starts
// later inherits the mask) and one watcher thread takes them with sigwait().
// The threads some libraries start while loading, before main() (OpenBLAS's
// pool), keep them unblocked; a signal the kernel hands to one of those runs
// the same logic as the watcher, through a handler.
//
// What a signal does:
//   - before a command asks for a graceful stop: what the default action
//     does, the process ends killed by that signal (exit status 128 + signal);
//   - after install_stop_handler(): the first SIGINT or SIGTERM sets the
//     flag it returned, which the work polls to stop at a safe point with
//     nothing half-written; a second one exits at once with status 130.
#pragma once

#include <atomic>

namespace inchzero {

// Block SIGINT and SIGTERM in the calling thread and start the watcher. Call
// it first in main(), before any thread is started; idempotent.
void route_stop_signals();

// Make the next stop signals graceful and return the flag they set. Needs
// route_stop_signals() first (throws std::logic_error otherwise); idempotent.
const std::atomic<bool>& install_stop_handler();

// In a forked child, before exec: unblock every signal, so that the program
// it runs (gnuplot, a UCI engine) can be stopped as usual; the mask is kept
// across exec. Async-signal-safe.
void unblock_signals_for_exec();

}  // namespace inchzero
