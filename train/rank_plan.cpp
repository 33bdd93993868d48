#include "train/rank_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>

namespace inchzero {
namespace {

using Clock = std::chrono::steady_clock;
const char* const kHeartbeatKey = "inchzero/heartbeat";
const char* const kEndReadKey = "inchzero/end-read";

std::string plan_key(int64_t seq) { return fmt::format("inchzero/plan/{}", seq); }

}  // namespace

void publish_plan(RankStore& store, const RankPlan& p) {
  const nlohmann::json j = {{"end", p.end},
                            {"iteration", p.iteration},
                            {"start_steps", p.start_steps},
                            {"steps", p.steps},
                            {"arrivals", p.arrivals},
                            {"newest_generation", p.newest_generation},
                            {"budget_progress", p.budget_progress},
                            {"window_samples", p.window_samples},
                            {"window_games", p.window_games}};
  store.set(plan_key(p.seq), j.dump());
}

void publish_end(RankStore& store, const RankPlan& plan, int followers, double wait_seconds) {
  try {
    publish_plan(store, plan);
    const auto start = Clock::now();
    while (store.add(kEndReadKey, 0) < followers &&
           std::chrono::duration<double>(Clock::now() - start).count() < wait_seconds) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  } catch (const std::exception&) {  // the followers see no heartbeat
  }
}

void acknowledge_end(RankStore& store) {
  try {
    store.add(kEndReadKey, 1);
  } catch (const std::exception&) {  // rank 0 stopped waiting
  }
}

RankPlan wait_for_plan(RankStore& store, int64_t seq, double timeout_seconds,
                       const std::atomic<bool>& stop) {
  RankPlan plan;
  plan.seq = seq;
  std::string beat;
  auto last_beat = Clock::now();
  for (;;) {
    if (stop.load()) {
      plan.end = "interrupted";
      return plan;
    }
    if (store.has(plan_key(seq))) break;
    // The beat is set before the first plan can be waited for (rank 0 sets
    // it when the group forms), so get() does not wait here.
    const std::string now = store.has(kHeartbeatKey) ? store.get(kHeartbeatKey) : beat;
    if (now != beat) {
      beat = now;
      last_beat = Clock::now();
    } else if (std::chrono::duration<double>(Clock::now() - last_beat).count() > timeout_seconds) {
      throw std::runtime_error(fmt::format(
          "rank 0 gave no heartbeat for {:.0f} s (--timeout): it died or lost the store",
          timeout_seconds));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const nlohmann::json j = nlohmann::json::parse(store.get(plan_key(seq)), nullptr, false);
  if (!j.is_object()) throw std::runtime_error(fmt::format("plan {} of rank 0 is not JSON", seq));
  plan.end = j.value("end", "");
  plan.iteration = j.value("iteration", 0);
  plan.start_steps = j.value("start_steps", int64_t{0});
  plan.steps = j.value("steps", int64_t{0});
  plan.arrivals = j.value("arrivals", int64_t{0});
  plan.newest_generation = j.value("newest_generation", 0);
  plan.budget_progress = j.value("budget_progress", 0.0);
  plan.window_samples = j.value("window_samples", int64_t{0});
  plan.window_games = j.value("window_games", int64_t{0});
  return plan;
}

struct Heartbeat::Impl {
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread thread;
};

Heartbeat::Heartbeat(RankStore& store, double timeout_seconds) : impl_(std::make_unique<Impl>()) {
  const auto period = std::chrono::duration<double>(std::clamp(timeout_seconds / 4, 0.1, 15.0));
  store.set(kHeartbeatKey, "0");
  Impl* impl = impl_.get();
  impl->thread = std::thread([impl, &store, period] {
    std::unique_lock<std::mutex> lock(impl->mutex);
    for (int64_t beat = 1; !impl->wake.wait_for(lock, period, [impl] { return impl->done; });
         ++beat) {
      try {
        store.set(kHeartbeatKey, std::to_string(beat));
      } catch (const std::exception&) {  // the followers see no beat
      }
    }
  });
}

Heartbeat::~Heartbeat() {
  {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->done = true;
  }
  impl_->wake.notify_all();
  impl_->thread.join();
}

}  // namespace inchzero
