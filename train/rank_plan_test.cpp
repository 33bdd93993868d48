#include "train/rank_plan.h"

#include <gtest/gtest.h>

#include <map>
#include <stdexcept>

namespace inchzero {
namespace {

// The store of one process, for the plans' contract without a group.
class MemoryStore : public RankStore {
 public:
  void set(const std::string& key, const std::string& value) override {
    reachable();
    values[key] = value;
  }
  bool has(const std::string& key) override {
    reachable();
    return values.count(key) > 0;
  }
  std::string get(const std::string& key) override {
    reachable();
    return values.at(key);
  }
  int64_t add(const std::string& key, int64_t delta) override {
    reachable();
    const int64_t sum = (values.count(key) ? std::stoll(values[key]) : 0) + delta;
    values[key] = std::to_string(sum);
    return sum;
  }
  std::map<std::string, std::string> values;
  bool gone = false;  // like a TCPStore whose rank 0 died

 private:
  void reachable() const {
    if (gone) throw std::runtime_error("store gone");
  }
};

TEST(RankPlan, AFollowerReadsThePlanRankZeroPublished) {
  MemoryStore store;
  RankPlan plan;
  plan.seq = 2;
  plan.iteration = 7;
  plan.start_steps = 1234;
  plan.steps = 56;
  plan.arrivals = 89;
  plan.newest_generation = 6;
  plan.budget_progress = 1.0 / 3.0;  // not a short decimal: must come back bit for bit
  plan.window_samples = 40000;
  plan.window_games = 300;
  publish_plan(store, plan);
  const std::atomic<bool> stop{false};
  const RankPlan read = wait_for_plan(store, 2, 60, stop);
  EXPECT_EQ(read.seq, 2);
  EXPECT_EQ(read.end, "");
  EXPECT_EQ(read.iteration, 7);
  EXPECT_EQ(read.start_steps, 1234);
  EXPECT_EQ(read.steps, 56);
  EXPECT_EQ(read.arrivals, 89);
  EXPECT_EQ(read.newest_generation, 6);
  EXPECT_EQ(read.budget_progress, 1.0 / 3.0);
  EXPECT_EQ(read.window_samples, 40000);
  EXPECT_EQ(read.window_games, 300);
}

TEST(RankPlan, TheEndIsAcknowledgedAndAStopIsNotAPlan) {
  MemoryStore store;
  RankPlan end;
  end.seq = 1;
  end.end = "finished";
  acknowledge_end(store);  // the follower was quicker than rank 0's wait
  publish_end(store, end, 1, 60);
  const std::atomic<bool> stop{false};
  EXPECT_EQ(wait_for_plan(store, 1, 60, stop).end, "finished");
  const std::atomic<bool> stopped{true};
  EXPECT_EQ(wait_for_plan(store, 2, 60, stopped).end, "interrupted");
}

TEST(RankPlan, AStoreThatIsGoneEndsTheWait) {
  MemoryStore store;
  store.gone = true;
  const std::atomic<bool> stop{false};
  EXPECT_THROW(wait_for_plan(store, 1, 60, stop), std::runtime_error);
}

}  // namespace
}  // namespace inchzero
