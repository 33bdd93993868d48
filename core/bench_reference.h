// What the benches of the rules core and of the players (`inchzero bench
// rules`, `bench players`) time with and compare against: the CPU time of
// the calling thread, and a machine-speed reference measured in the same run
// (a fixed popcount loop), so that figures from busy or different machines
// compare as ratios.
#pragma once

#include <cstdint>

namespace inchzero {

// CPU seconds of the calling thread: figures that do not depend on how busy
// the (shared) machine is.
double thread_cpu_seconds();

// Popcount words per microsecond over a fixed 64 KiB buffer of words drawn
// from `seed`, for about `seconds` of the thread's CPU time. Compiled without
// the POPCNT instruction (libgcc's routine, as before the build added
// -mpopcnt), so that ratios recorded against it stay comparable across
// builds.
double popcount_reference_mwords(uint64_t seed, double seconds);

}  // namespace inchzero
