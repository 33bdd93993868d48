// A run's games and pictures: shards and pictures are listed from the run's
// own folders at each request, and only names found there are opened.
#include "server/run_catalog.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "server/request_error.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

int status_of(const std::function<void()>& step) {
  try {
    step();
    return 200;
  } catch (const RequestError& e) {
    return e.status;
  }
}

TEST(RunCatalog, ListsPicturesOfTheRunAndItsLab) {
  const fs::path lab =
      fs::temp_directory_path() / ("inchzero_catalog_" + std::to_string(::getpid()));
  fs::remove_all(lab);
  const fs::path run = lab / "agents" / "menke";
  write(run / "learning_curve.png", "curve");
  write(lab / "plots" / "b.png", "b");
  write(lab / "plots" / "a.png", "a");
  write(lab / "plots" / "notes.txt", "not a picture");
  write(lab / "secret.txt", "secret");
  ServedRun served;
  served.name = "menke";
  served.shard_dir = (run / "shards").string();  // not there (yet)
  served.image_files = {(run / "learning_curve.png").string(), (run / "missing.png").string()};
  served.image_dirs = {(lab / "plots").string(), (run / "plots").string()};
  RunCatalog catalog({served});

  const auto list = catalog.list();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_TRUE(list[0]["shards"].empty());
  EXPECT_TRUE(list[0]["network"].is_null());
  std::vector<std::string> names;
  for (const auto& image : list[0]["images"]) names.push_back(image["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"learning_curve.png", "a.png", "b.png"}));
  EXPECT_EQ(catalog.image(0, 0).first, "curve");
  EXPECT_EQ(catalog.image(0, 2).first, "b");
  EXPECT_EQ(status_of([&] { catalog.image(0, 3); }), 404);
  EXPECT_EQ(status_of([&] { catalog.image(1, 0); }), 404);
  for (const std::string shard : {"../../secret.txt", "..", "x.shard", ""})
    EXPECT_EQ(status_of([&] { catalog.shard_games(0, shard); }), 404) << shard;
  fs::remove_all(lab);
}

}  // namespace
}  // namespace inchzero
