// Each test changes the process's signal routing for good, so each runs in a
// child process (a gtest death test in the "threadsafe" style: the child
// re-executes this test alone) and reports by its exit.
#include "core/stop_signals.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace inchzero {
namespace {

using std::chrono::milliseconds;

class StopSignals : public ::testing::Test {
 protected:
  void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

bool blocked_here(int sig) {
  sigset_t mask;
  pthread_sigmask(SIG_BLOCK, nullptr, &mask);
  return sigismember(&mask, sig) == 1;
}

// Waits up to 10 s for `flag`.
bool wait_for(const std::atomic<bool>& flag) {
  for (int i = 0; i < 1000 && !flag.load(); ++i) std::this_thread::sleep_for(milliseconds(10));
  return flag.load();
}

// The point of the routing: a thread started afterwards (a compute thread of
// oneDNN, OpenMP or the self-play workers) never has a stop signal handled on
// it.
TEST_F(StopSignals, EveryThreadStartedAfterRoutingBlocksThem) {
  EXPECT_EXIT(
      {
        route_stop_signals();
        bool blocked = false;
        std::thread([&] { blocked = blocked_here(SIGINT) && blocked_here(SIGTERM); }).join();
        std::exit(blocked && blocked_here(SIGTERM) ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

// With every other thread blocking them, only the watcher can take the
// signal: without it the flag would never be set.
TEST_F(StopSignals, AStopSignalSetsTheFlagThroughTheWatcher) {
  EXPECT_EXIT(
      {
        route_stop_signals();
        const std::atomic<bool>& stop = install_stop_handler();
        ::kill(::getpid(), SIGTERM);
        std::exit(wait_for(stop) ? 0 : 2);
      },
      ::testing::ExitedWithCode(0), "stopping at the next safe point");
}

TEST_F(StopSignals, ASecondStopSignalExitsAtOnceWith130) {
  EXPECT_EXIT(
      {
        route_stop_signals();
        const std::atomic<bool>& stop = install_stop_handler();
        ::kill(::getpid(), SIGINT);
        if (!wait_for(stop)) std::exit(2);
        ::kill(::getpid(), SIGINT);
        std::this_thread::sleep_for(std::chrono::seconds(10));
        std::exit(0);
      },
      ::testing::ExitedWithCode(130), "");
}

// A command that did not ask for a graceful stop is ended as by the
// default action: killed by the signal.
TEST_F(StopSignals, WithoutAGracefulStopTheSignalKills) {
  EXPECT_EXIT(
      {
        route_stop_signals();
        ::kill(::getpid(), SIGTERM);
        std::this_thread::sleep_for(std::chrono::seconds(10));
        std::exit(0);
      },
      ::testing::KilledBySignal(SIGTERM), "");
}

TEST_F(StopSignals, AGracefulStopNeedsTheRoutingFirst) {
  EXPECT_EXIT(
      {
        try {
          install_stop_handler();
        } catch (const std::logic_error&) {
          std::exit(3);
        }
        std::exit(0);
      },
      ::testing::ExitedWithCode(3), "");
}

// A forked child (gnuplot, a UCI engine) gets the signals back before exec.
TEST_F(StopSignals, AChildForExecHasNothingBlocked) {
  EXPECT_EXIT(
      {
        route_stop_signals();
        unblock_signals_for_exec();
        std::exit(!blocked_here(SIGINT) && !blocked_here(SIGTERM) ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace inchzero
