#include "cli/interrupt.h"

#include <unistd.h>

#include <csignal>

namespace inchzero::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void on_signal(int) {
  if (g_stop.exchange(true)) _exit(130);  // the second signal: leave now
  static const char kMessage[] =
      "\ninchzero: stopping at the next safe point (Ctrl-C again to quit at once)\n";
  // write() is async-signal-safe; its result does not matter here.
  [[maybe_unused]] ssize_t n = ::write(2, kMessage, sizeof kMessage - 1);
}

}  // namespace

const std::atomic<bool>& install_stop_handler() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return g_stop;
}

}  // namespace inchzero::cli
