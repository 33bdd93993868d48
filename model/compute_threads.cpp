#include "model/compute_threads.h"

#include <ATen/Parallel.h>
#include <dlfcn.h>

#include <atomic>
#include <mutex>

#include "core/game.h"

namespace inchzero {
namespace {

std::atomic<int> g_threads{0};  // 0 = not initialised yet

// OpenBLAS is reached through the generic libblas.so.3, so its thread control
// is looked up at run time; with another BLAS the lookup fails and only the
// torch setting applies.
void set_blas_threads(int threads) {
  using SetThreads = void (*)(int);
  static const auto set =
      reinterpret_cast<SetThreads>(dlsym(RTLD_DEFAULT, "openblas_set_num_threads"));
  if (set) set(threads);
}

void apply(int threads) {
  at::set_num_threads(threads);
  set_blas_threads(threads);
}

int ensure_initialised() {
  int threads = g_threads.load();
  if (threads > 0) return threads;
  static std::once_flag once;
  std::call_once(once, [] {
    int expected = 0;
    if (g_threads.compare_exchange_strong(expected, 1)) apply(1);
  });
  return g_threads.load();
}

}  // namespace

void set_compute_threads(int threads) {
  if (threads < 1) throw GameError("compute threads must be >= 1, got " + std::to_string(threads));
  g_threads.store(threads);
  apply(threads);
}

int compute_threads() { return ensure_initialised(); }

void adopt_compute_threads() {
  const int threads = ensure_initialised();
  // at::set_num_threads also stores the process-wide value torch hands to new
  // threads; calling it only when this thread differs keeps the hot path cheap.
  thread_local int adopted = 0;
  if (adopted != threads || at::get_num_threads() != threads) {
    at::set_num_threads(threads);
    adopted = threads;
  }
}

}  // namespace inchzero
