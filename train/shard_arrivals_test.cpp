#include "train/shard_arrivals.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

struct TempFile {
  fs::path path = fs::temp_directory_path() / ("inchzero_arrivals_" + std::to_string(::getpid()));
  TempFile() { fs::remove(path); }
  ~TempFile() { fs::remove(path); }
};

TEST(ShardArrivals, PersistAndSurviveATornLastLine) {
  TempFile file;
  {
    ShardArrivals a(file.path.string());
    EXPECT_EQ(a.add("it000001-000000.shard", 0, 8, true).seq, 0);
    EXPECT_EQ(a.add("ext-w-000000.shard", 3, 4, false).seq, 1);
  }
  std::ofstream(file.path, std::ios::app) << R"({"shard":"ext-w-0000)";  // a crash mid-append
  ShardArrivals b(file.path.string());
  ASSERT_EQ(b.all().size(), 2u);
  EXPECT_EQ(b.find("ext-w-000000.shard")->generation, 3);
  EXPECT_FALSE(b.find("ext-w-000000.shard")->accepted);
  EXPECT_EQ(b.find("ext-w-000001.shard"), nullptr);
  EXPECT_EQ(b.add("ext-w-000001.shard", 4, 4, true).seq, 2);
  ShardArrivals c(file.path.string());  // the torn line stays skipped, the new one reads
  ASSERT_EQ(c.all().size(), 3u);
  EXPECT_EQ(c.all()[2].shard, "ext-w-000001.shard");
}

TEST(ShardArrivals, ADamagedLineOrADuplicateIsAnError) {
  TempFile file;
  std::ofstream(file.path) << "{\"shard\":\"a\",\"seq\":0,\"generation\":0,\"games\":1,"
                              "\"accepted\":true}\nnot json\n{}\n";
  EXPECT_THROW(ShardArrivals(file.path.string()), GameError);
  std::ofstream(file.path) << "{\"shard\":\"a\",\"seq\":0,\"generation\":0,\"games\":1,"
                              "\"accepted\":true}\n{\"shard\":\"a\",\"seq\":1,\"generation\":0,"
                              "\"games\":1,\"accepted\":true}\n";
  EXPECT_THROW(ShardArrivals(file.path.string()), GameError);
}

// A follower rank's window is the first N arrivals of rank 0's count: an
// empty line is no arrival and a complete last line without '\n' is one.
TEST(ShardArrivals, KeepFirstCountsAsTheIndexReads) {
  TempFile file;
  const std::string line = R"({"seq":0,"generation":0,"games":1,"accepted":true,"shard":)";
  std::ofstream(file.path) << line << "\"a\"}\n\n" << line << "\"b\"}\n" << line << "\"c\"}";
  ShardArrivals all(file.path.string(), /*read_only=*/true);
  ASSERT_EQ(all.all().size(), 3u);
  all.keep_first(3);
  EXPECT_EQ(all.all().size(), 3u);
  all.keep_first(2);
  ASSERT_EQ(all.all().size(), 2u);
  EXPECT_EQ(all.all()[1].shard, "b");
  EXPECT_EQ(all.find("c"), nullptr);
  EXPECT_THROW(all.keep_first(3), std::logic_error);
  ShardArrivals writable(file.path.string());
  EXPECT_THROW(writable.keep_first(1), std::logic_error);
}

TEST(ShardArrivals, NetworkGenerations) {
  EXPECT_EQ(network_generation("net-000007"), 7);
  EXPECT_EQ(network_generation("uniform"), 0);
  EXPECT_EQ(network_generation("torch:/x.pt"), -1);
}

}  // namespace
}  // namespace inchzero
