// The ThreadSanitizer control (scripts/sanitize.sh concurrency): two threads
// write one int without synchronisation. A TSan build must report this race
// and exit non-zero; if it does not, a clean run of the concurrency tests
// proves nothing (a build without -fsanitize=thread, or TSAN_OPTIONS that do
// not halt), and sanitize.sh fails.
#include <cstdio>
#include <thread>

namespace {

int shared_counter = 0;  // deliberately unguarded

void bump() {
  for (int i = 0; i < 1000; ++i) ++shared_counter;
}

}  // namespace

int main() {
  std::thread first(bump), second(bump);
  first.join();
  second.join();
  std::printf("counter %d\n", shared_counter);
  return 0;
}
