#include "core/fault_point.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace inchzero {
namespace {

struct FaultSpec {
  std::string name;  // empty: no fault point armed
  long hit = 1;      // die at this pass
  std::string text;  // fail_write: the path fragment
  std::atomic<long> passes{0};
};

FaultSpec& spec() {
  static FaultSpec* s = [] {
    auto* f = new FaultSpec;  // never destroyed: fault points may run during exit
    const char* env = std::getenv("INCHZERO_FAULT");
    if (env == nullptr) return f;
    std::string text(env);
    const auto colon = text.find(':');
    f->name = text.substr(0, colon);
    if (f->name == "fail_write") {
      f->text = colon == std::string::npos ? "" : text.substr(colon + 1);
      return f;
    }
    if (f->name == "throw" || f->name == "term" || f->name == "stop") {
      // throw:NAME[:n], term:NAME[:n], stop:NAME[:n]: the name of the point
      // is the text.
      const std::string rest = colon == std::string::npos ? "" : text.substr(colon + 1);
      const auto second = rest.find(':');
      f->text = rest.substr(0, second);
      if (second != std::string::npos) f->hit = std::max(1L, std::atol(rest.c_str() + second + 1));
      return f;
    }
    if (colon != std::string::npos) f->hit = std::max(1L, std::atol(text.c_str() + colon + 1));
    return f;
  }();
  return *s;
}

}  // namespace

bool fault_write_fails(const std::string& path) {
  const FaultSpec& f = spec();
  if (f.name != "fail_write" || path.find(f.text) == std::string::npos) return false;
  errno = ENOSPC;
  return true;
}

void fault_throw(const char* name) {
  FaultSpec& f = spec();
  if (f.name != "throw" || f.text != name) return;
  if (f.passes.fetch_add(1) + 1 != f.hit) return;
  throw std::runtime_error(std::string("injected fault '") + name + "'");
}

void fault_point(const char* name) {
  FaultSpec& f = spec();
  // A signal asked at this point, once: SIGTERM (a stop) or SIGSTOP (frozen
  // until someone outside sends SIGCONT or SIGKILL).
  const bool signals = f.name == "term" || f.name == "stop";
  if (signals && f.text == name) {
    if (f.passes.fetch_add(1) + 1 == f.hit)
      ::kill(::getpid(), f.name == "term" ? SIGTERM : SIGSTOP);
    return;
  }
  if (f.name.empty() || f.name != name) return;
  if (f.passes.fetch_add(1) + 1 < f.hit) return;
  // A line on stderr (unbuffered, async-signal-safe write) so that the test
  // can tell "died at the fault point" from "died of something else".
  const std::string line = "fault point " + f.name + " reached: killing the process\n";
  [[maybe_unused]] ssize_t n = ::write(2, line.data(), line.size());
  ::kill(::getpid(), SIGKILL);
  ::_exit(137);  // not reached
}

}  // namespace inchzero
