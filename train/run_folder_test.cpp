#include "train/run_folder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("inchzero_run_" + std::to_string(::getpid()));
  TempDir() { fs::remove_all(path); }
  ~TempDir() { fs::remove_all(path); }
};

TEST(RunFolder, FindsTheLatestCompleteFilesAndPrunesCheckpoints) {
  TempDir dir;
  RunFolder run(dir.path.string());
  EXPECT_FALSE(run.has_run());
  run.create();
  EXPECT_EQ(run.latest_network(), -1);
  for (int i : {0, 1, 2, 3}) {
    write_file_atomically(run.network_path(i), "net");
    write_file_atomically(run.checkpoint_path(i), "ckpt");
  }
  // A temporary of iteration 4 is not a complete file.
  std::ofstream(run.checkpoint_path(4) + ".tmp") << "half";
  std::ofstream(run.network_path(4) + ".tmp.123.0") << "half";
  std::ofstream(run.shard_dir() + "/ext-host-1-000000.shard.tmp") << "someone else's";
  EXPECT_EQ(run.latest_network(), 3);
  EXPECT_EQ(run.latest_checkpoint(), 3);
  EXPECT_EQ(run.remove_stale_temporaries(), 2);
  EXPECT_TRUE(fs::exists(run.shard_dir() + "/ext-host-1-000000.shard.tmp"));
  run.prune_checkpoints(2);
  EXPECT_FALSE(fs::exists(run.checkpoint_path(1)));
  EXPECT_TRUE(fs::exists(run.checkpoint_path(2)));
  EXPECT_TRUE(fs::exists(run.network_path(0)));  // networks are all kept
  EXPECT_EQ(RunFolder::shard_prefix(12), "it000012");
}

TEST(RunFolder, OnlyOneProcessAtATimeHoldsTheLock) {
  TempDir dir;
  RunFolder run(dir.path.string());
  {
    auto held = run.lock();
    // flock locks belong to open files: a second open in this process
    // conflicts just as another process would.
    try {
      run.lock();
      FAIL() << "locked twice";
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find(std::to_string(::getpid())), std::string::npos);
    }
  }
  EXPECT_NO_THROW(run.lock());  // released with its holder
}

TEST(RunFolder, MetricsSurviveATornLastLine) {
  TempDir dir;
  RunFolder run(dir.path.string());
  run.create();
  IterationRecord record;
  record.iteration = 0;
  run.append_metrics(record);
  { std::ofstream(run.metrics_path(), std::ios::app) << R"({"iteration": 1, "tr)"; }
  record.iteration = 2;
  run.append_metrics(record);
  auto records = run.read_metrics();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].iteration, 0);
  EXPECT_EQ(records[1].iteration, 2);
}

// A line that parses but has the wrong shape is damage, named by file and
// line, not a record with defaults.
TEST(RunFolder, AMetricsLineOfTheWrongShapeIsNamed) {
  TempDir dir;
  RunFolder run(dir.path.string());
  run.create();
  { std::ofstream(run.metrics_path()) << "{\"iteration\": 0}\n{\"iteration\": \"one\"}\n"; }
  try {
    run.read_metrics();
    FAIL() << "read a string as an iteration";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()),
              run.metrics_path() + ":2: 'iteration' is string, not a number");
  }
}

}  // namespace
}  // namespace inchzero

namespace inchzero {
namespace {

// A live worker's lock keeps its temporaries; once the worker is gone (its
// lock released, as the kernel does when the process dies, kill -9 too) the
// trainer removes them. Two workers never hold one id.
// continued_from.json: absent for a run that was not continued, read back
// as written, and a file without a field, with a wrong type or a negative
// count is refused naming the file and the field.
TEST(RunFolder, ContinuedFromRoundTripsAndRefusesWhatARunDoesNotWrite) {
  TempDir dir;
  RunFolder run(dir.path.string());
  run.create();
  EXPECT_TRUE(run.read_continued().entry.empty());
  EXPECT_EQ(run.read_continued().trained_samples, 0);
  ContinuedFrom c;
  c.entry = "inchworm-60";
  c.iteration = 14;
  c.trained_samples = 123456;
  c.games = 789;
  write_file_atomically(run.continued_path(), c.to_json().dump());
  const ContinuedFrom back = run.read_continued();
  EXPECT_EQ(back.entry, "inchworm-60");
  EXPECT_EQ(back.iteration, 14);
  EXPECT_EQ(back.trained_samples, 123456);
  EXPECT_EQ(back.games, 789);
  const auto refused = [&](nlohmann::json j, const std::string& says) {
    write_file_atomically(run.continued_path(), j.dump());
    try {
      run.read_continued();
      ADD_FAILURE() << "accepted " << j.dump();
    } catch (const GameError& e) {
      EXPECT_NE(std::string(e.what()).find(run.continued_path()), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  };
  nlohmann::json no_games = c.to_json();
  no_games.erase("games");
  refused(no_games, "no 'games'");
  nlohmann::json text_count = c.to_json();
  text_count["trained_samples"] = "many";
  refused(text_count, "'trained_samples'");
  nlohmann::json negative = c.to_json();
  negative["iteration"] = -3;
  refused(negative, "negative");
  refused(nlohmann::json::array(), "not a JSON object");
}

TEST(RunFolder, WorkerLocksTellLiveWorkersTemporariesFromDeadOnes) {
  TempDir dir;
  RunFolder run(dir.path.string());
  run.create();
  const std::string live = run.shard_dir() + "/ext-w1-000003.shard.tmp";
  const std::string dead = run.shard_dir() + "/ext-w2-000000.shard.tmp";
  std::ofstream(live) << "writing";
  std::ofstream(dead) << "left by a killed worker";
  auto held = run.worker_lock("w1");
  { auto released = run.worker_lock("w2"); }  // w2 ran and died
  try {
    run.worker_lock("w1");
    FAIL() << "two workers hold id w1";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
  }
  EXPECT_EQ(run.remove_stale_temporaries(), 1);
  EXPECT_TRUE(fs::exists(live));
  EXPECT_FALSE(fs::exists(dead));
  // A worker restarted under its id clears its own leftovers.
  held.reset();
  auto again = run.worker_lock("w1");
  EXPECT_EQ(run.remove_worker_temporaries("w1"), 1);
  EXPECT_FALSE(fs::exists(live));
}

}  // namespace
}  // namespace inchzero
