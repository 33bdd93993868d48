#include "train/replay_window.h"

#include <gtest/gtest.h>

#include "core/game.h"

namespace inchzero {
namespace {

TEST(ReplayWindow, HoldsEverythingUpToTheMinimum) {
  ReplayConfig c;
  c.min_samples = 1000;
  EXPECT_EQ(window_size(c, 0), 0);
  EXPECT_EQ(window_size(c, 999), 999);
  EXPECT_EQ(window_size(c, 1000), 1000);
}

TEST(ReplayWindow, GrowsSubLinearlyPastTheMinimum) {
  ReplayConfig c;
  c.min_samples = 1000;
  c.taper_exponent = 0.75;
  c.growth = 0.4;
  // Slope at N = m is exactly g: W(m + d) ≈ m + g·d for small d.
  EXPECT_NEAR(static_cast<double>(window_size(c, 1100)), 1040, 1.0);
  // x = 10000, s = 1000: 1000 + 0.4·(10000^.75 − 1000^.75)/(.75·1000^−.25)
  //   = 1000 + 0.4·(1000 − 177.83)/0.13337 = 3465.7
  EXPECT_NEAR(static_cast<double>(window_size(c, 10000 + 1000 - 1000)), 3465, 2.0);
  int64_t previous = 0;
  for (int64_t n = 1000; n < 1000000; n *= 2) {
    int64_t w = window_size(c, n);
    EXPECT_GE(w, previous);
    EXPECT_LE(w, n);
    previous = w;
  }
  EXPECT_LT(window_size(c, 1000000), 1000000 / 5);  // the taper discards old data
}

TEST(ReplayWindow, LinearTaperKeepsEverythingAndTheCapHolds) {
  ReplayConfig c;
  c.min_samples = 100;
  c.taper_exponent = 1.0;
  c.growth = 1.0;
  c.max_samples = 5000;
  EXPECT_EQ(window_size(c, 4000), 4000);
  EXPECT_EQ(window_size(c, 9000), 5000);
}

TEST(ReplayWindow, ReuseCapsTheTrainingSteps) {
  ReplayConfig c;
  c.reuse = 4;
  EXPECT_EQ(training_steps_for(c, 1000, 256), 15);  // 4000 / 256 = 15.6
  EXPECT_EQ(training_steps_for(c, 0, 256), 0);
  c.max_steps_per_iteration = 10;
  EXPECT_EQ(training_steps_for(c, 1000, 256), 10);
}

TEST(ReplayWindow, ValidateNamesTheBadField) {
  ReplayConfig c;
  c.taper_exponent = 1.5;
  try {
    c.validate();
    FAIL() << "accepted taper_exponent 1.5";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("taper_exponent"), std::string::npos);
  }
}

}  // namespace
}  // namespace inchzero
