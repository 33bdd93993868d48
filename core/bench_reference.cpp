#include "core/bench_reference.h"

#include <time.h>

#include <vector>

#include "core/seed.h"

namespace inchzero {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
__attribute__((target("no-popcnt")))
#endif
double
popcount_reference_mwords(uint64_t seed, double seconds) {
  std::vector<uint64_t> buffer(8192);
  for (auto& w : buffer) w = seed = splitmix64(seed);
  uint64_t words = 0, sink = 0;
  const double start = thread_cpu_seconds();
  do {
    for (uint64_t w : buffer) sink += __builtin_popcountll(w ^ sink);
    words += buffer.size();
  } while (thread_cpu_seconds() - start < seconds);
  volatile uint64_t keep = sink;
  (void)keep;
  return double(words) / ((thread_cpu_seconds() - start) * 1e6);
}

}  // namespace inchzero
