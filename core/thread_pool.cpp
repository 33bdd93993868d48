#include "core/thread_pool.h"

#include <algorithm>

namespace inchzero {

ThreadPool::ThreadPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

ThreadPool::~ThreadPool() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
    stopping_ = true;
  }
  task_ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error_) return;  // dropped: the pool is failing
    queue_.push_back(std::move(task));
  }
  task_ready_.notify_one();
}

void ThreadPool::wait() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
  if (error_) {
    std::exception_ptr error = error_;
    error_ = nullptr;
    std::rethrow_exception(error);
  }
}

bool ThreadPool::failed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_ != nullptr;
}

void ThreadPool::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    task_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    std::function<void()> task = std::move(queue_.front());
    queue_.pop_front();
    ++running_;
    lock.unlock();
    std::exception_ptr error;
    try {
      task();
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    --running_;
    if (error && !error_) {
      error_ = error;
      queue_.clear();  // tasks not started are dropped
    }
    if (queue_.empty() && running_ == 0) idle_.notify_all();
  }
}

void run_workers(int workers, const std::function<void(int worker)>& body,
                 const std::function<void()>& on_error) {
  workers = std::max(1, workers);
  std::mutex mutex;
  std::exception_ptr first;
  auto guarded = [&](int w) {
    try {
      body(w);
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (!first) first = std::current_exception();
      }
      if (on_error) on_error();
    }
  };
  if (workers > 1) {
    ThreadPool pool(workers - 1);
    for (int w = 1; w < workers; ++w) pool.submit([&, w] { guarded(w); });
    guarded(0);
    pool.wait();
  } else {
    guarded(0);
  }
  if (first) std::rethrow_exception(first);
}

}  // namespace inchzero
