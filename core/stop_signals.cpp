#include "core/stop_signals.h"

#include <pthread.h>
#include <unistd.h>

#include <csignal>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace inchzero {
namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM};

std::atomic<bool> g_routed{false};
std::atomic<bool> g_graceful{false};
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free, "the flags are set in a signal handler");

sigset_t stop_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : kStopSignals) sigaddset(&set, sig);
  return set;
}

// What one stop signal does, from the watcher or from a handler on a thread
// that had it unblocked: only async-signal-safe calls.
void on_stop_signal(int sig) {
  if (!g_graceful.load()) {
    // The default action: end the process killed by `sig`. Unblocked in this
    // thread, it is delivered here as soon as it is raised (in a handler,
    // where it is blocked, once the mask is lifted).
    ::signal(sig, SIG_DFL);
    ::raise(sig);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
    _exit(128 + sig);  // not reached
  }
  if (g_stop.exchange(true)) _exit(130);  // the second signal: leave now
  static const char kMessage[] =
      "\ninchzero: stopping at the next safe point (Ctrl-C again to quit at once)\n";
  // write() is async-signal-safe; its result does not matter here.
  [[maybe_unused]] ssize_t n = ::write(2, kMessage, sizeof kMessage - 1);
}

extern "C" void stop_signal_handler(int sig) { on_stop_signal(sig); }

void watch_stop_signals() {
  const sigset_t set = stop_signal_set();
  for (;;) {
    int sig = 0;
    if (::sigwait(&set, &sig) == 0) on_stop_signal(sig);
  }
}

}  // namespace

void route_stop_signals() {
  static std::once_flag once;
  std::call_once(once, [] {
    const sigset_t set = stop_signal_set();
    ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
    struct sigaction action {};
    action.sa_handler = stop_signal_handler;
    action.sa_mask = set;
    action.sa_flags = SA_RESTART;
    for (int sig : kStopSignals) ::sigaction(sig, &action, nullptr);
    std::thread(watch_stop_signals).detach();
    g_routed = true;
  });
}

const std::atomic<bool>& install_stop_handler() {
  if (!g_routed.load()) {
    throw std::logic_error("install_stop_handler: route_stop_signals() was not called first");
  }
  g_graceful = true;
  return g_stop;
}

void unblock_signals_for_exec() {
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

}  // namespace inchzero
