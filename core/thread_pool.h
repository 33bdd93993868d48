// The project's one thread pool: a fixed number of threads running queued
// tasks, the first exception carried to the caller.
//
// Why not TBB (which the project used to link for this): our tasks block on
// each other by design. Self-play workers fill one network batch together
// and wait for it; match games wait on a shared inference batcher; analysis
// queries wait on the network. TBB schedules tasks on as many threads as it
// chooses and does not promise that N tasks run at once, so blocking tasks
// can stall there. Here `threads` tasks always run at once, each on its own
// thread, which is what a rendezvous of workers needs.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace inchzero {

class ThreadPool {
 public:
  // Starts `threads` threads (at least 1).
  explicit ThreadPool(int threads);
  // Waits for the tasks submitted so far (any exception left unclaimed by
  // wait() is dropped), then stops the threads.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Queues `task`; the first free thread runs it. Tasks start in the order
  // submitted. After a task has thrown, queued tasks that have not started
  // are dropped (and new ones too) until wait() reports the exception.
  void submit(std::function<void()> task);
  // Blocks until every task submitted so far has finished or been dropped,
  // then rethrows the first exception a task threw, if any (once).
  void wait();
  // Whether a task has thrown since the last wait(): long tasks poll it to
  // stop early when another has failed.
  bool failed() const;
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  void work();

  mutable std::mutex mutex_;
  std::condition_variable task_ready_, idle_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> threads_;
  int running_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
};

// Runs body(0) … body(workers - 1) at once, each on its own thread (the
// caller's thread runs body(0)), and returns when all have returned. The
// first exception any of them threw is rethrown here; `on_error`, when set,
// is called as soon as one throws, so that the others can stop early.
void run_workers(int workers, const std::function<void(int worker)>& body,
                 const std::function<void()>& on_error = {});

}  // namespace inchzero
