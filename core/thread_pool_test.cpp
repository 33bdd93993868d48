// The one thread pool: N tasks really run at once (workers that wait for each
// other, as self-play workers filling one batch do, never stall), the first
// exception reaches the caller, and queued work stops after a failure.
#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace inchzero {
namespace {

// Every caller waits until `parties` have arrived; false after 10 s without
// them (so a pool that runs fewer tasks at once fails instead of hanging).
class Rendezvous {
 public:
  explicit Rendezvous(int parties) : parties_(parties) {}
  bool arrive() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (++arrived_ == parties_) all_.notify_all();
    return all_.wait_for(lock, std::chrono::seconds(10), [&] { return arrived_ >= parties_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable all_;
  int parties_, arrived_ = 0;
};

TEST(ThreadPool, RunWorkersRunsThemAllAtOnce) {
  for (int workers : {1, 2, 7}) {
    Rendezvous meet(workers);
    std::atomic<int> met{0};
    std::vector<int> seen(workers, 0);
    run_workers(workers, [&](int w) {
      seen[w] = 1;
      met += meet.arrive();
    });
    EXPECT_EQ(met.load(), workers);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), workers);
  }
}

TEST(ThreadPool, RunWorkersCarriesTheFirstExceptionAndLetsTheOthersStop) {
  std::atomic<bool> stop{false};
  std::atomic<int> stopped_early{0};
  try {
    run_workers(
        4,
        [&](int w) {
          if (w == 2) throw std::runtime_error("worker 2 failed");
          const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
          while (!stop && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          stopped_early += stop.load();
        },
        [&] { stop = true; });
    ADD_FAILURE() << "the exception was lost";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "worker 2 failed");
  }
  EXPECT_EQ(stopped_early.load(), 3);
}

TEST(ThreadPool, QueuedTasksRunAndWaitReportsTheFirstFailureOnce) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.threads(), 3);
  // Three tasks that need each other run at once.
  Rendezvous meet(3);
  std::atomic<int> met{0};
  for (int i = 0; i < 3; ++i) pool.submit([&] { met += meet.arrive(); });
  pool.wait();
  EXPECT_EQ(met.load(), 3);
  // Many tasks: all run.
  std::atomic<int> count{0};
  for (int i = 0; i < 200; ++i) pool.submit([&] { ++count; });
  pool.wait();
  EXPECT_EQ(count.load(), 200);
  // A failure: reported once by wait(), tasks not started are dropped.
  std::atomic<bool> release{false};
  pool.submit([] { throw std::runtime_error("task failed"); });
  for (int i = 0; i < 100; ++i)
    pool.submit([&] {
      while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      ++count;
    });
  // The failing task was queued first: failed() turns true once it has run,
  // while the others wait for `release` (no sleep of a guessed length).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!pool.failed() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  EXPECT_TRUE(pool.failed()) << "the failure was not seen in 30 s";
  release = true;
  EXPECT_THROW(pool.wait(), std::runtime_error);
  EXPECT_LT(count.load(), 200 + 100) << "queued tasks ran after the failure";
  EXPECT_FALSE(pool.failed());
  pool.wait();  // reported once
  // The pool serves again afterwards.
  pool.submit([&] { count = -1; });
  pool.wait();
  EXPECT_EQ(count.load(), -1);
}

}  // namespace
}  // namespace inchzero
