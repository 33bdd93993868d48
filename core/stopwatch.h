// Seconds of wall-clock time since a moment, for timings and time budgets.
// steady_clock: it never goes back, whatever the system clock does.
#pragma once

#include <chrono>

namespace inchzero {

using SteadyClock = std::chrono::steady_clock;

inline double seconds_since(SteadyClock::time_point start) {
  return std::chrono::duration<double>(SteadyClock::now() - start).count();
}

}  // namespace inchzero
