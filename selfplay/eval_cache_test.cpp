#include "selfplay/eval_cache.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace inchzero {
namespace {

std::shared_ptr<const Evaluation> eval_for(uint64_t hash) {
  auto e = std::make_shared<Evaluation>();
  e->win = static_cast<float>(hash % 97) / 97;
  e->loss = 1 - e->win;
  e->priors.assign(1 + hash % 5, static_cast<float>(hash % 13));
  return e;
}

TEST(EvalCache, FindsWhatWasInsertedAndOnlyThat) {
  EvalCache cache(1000);
  EXPECT_EQ(cache.capacity(), 1024);
  EXPECT_EQ(cache.find(42), nullptr);
  const auto e = eval_for(42);
  cache.insert(42, e);
  EXPECT_EQ(cache.find(42), e);
  // Another hash in the same slot replaces it; the old one is then a miss.
  cache.insert(42 + 1024, eval_for(42 + 1024));
  EXPECT_EQ(cache.find(42), nullptr);
  EXPECT_NE(cache.find(42 + 1024), nullptr);
  cache.clear();
  EXPECT_EQ(cache.find(42 + 1024), nullptr);
}

TEST(EvalCache, DisabledCacheNeverHits) {
  EvalCache cache(0);
  cache.insert(1, eval_for(1));
  EXPECT_EQ(cache.find(1), nullptr);
}

TEST(EvalCache, ConcurrentUseNeverReturnsAnotherPositionsEvaluation) {
  EvalCache cache(256);  // small: threads keep colliding on slots
  std::atomic<int64_t> wrong{0}, hits{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (uint64_t i = 0; i < 20000; ++i) {
        // 150 slots, each contended by two hashes (h and h + 256).
        const uint64_t hash = (i % 150) + 256 * ((i / 7 + t) % 2);
        if (auto found = cache.find(hash)) {
          ++hits;
          const auto expected = eval_for(hash);
          if (found->priors != expected->priors || found->win != expected->win) ++wrong;
        } else {
          cache.insert(hash, eval_for(hash));
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(hits, 0);
}

}  // namespace
}  // namespace inchzero
