// scripts/read_shards.py reads what ShardWriter writes (run when a python3
// with numpy and zstandard is available; skipped otherwise).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "model/backend.h"
#include "selfplay/selfplay_worker.h"
#include "selfplay/shard.h"
#include "tests/learning/mock_self_play.h"
#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {
namespace fs = std::filesystem;

std::string run(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof(buffer), pipe)) out.append(buffer, n);
  *status = pclose(pipe);
  return out;
}

// A python3 that can import numpy and zstandard, or "".
std::string find_python() {
  for (const char* candidate : {"/usr/bin/python3", "python3"}) {
    int status = -1;
    run(std::string(candidate) + " -c 'import numpy, zstandard' 2>/dev/null", &status);
    if (status == 0) return candidate;
  }
  return "";
}

TEST(ReadShardsPy, ReadsWhatTheWriterWroteAndSkipsBadFiles) {
  const std::string python = find_python();
  ASSERT_FALSE(python.empty()) << "no python3 with numpy and zstandard (scripts/setup.sh installs "
                                  "python3-numpy and python3-zstandard): scripts/read_shards.py "
                                  "cannot be checked";
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero-py-test-" + std::to_string(std::random_device{}()));
  // 1. Self-play a few toy games into two shards.
  const auto game = toy::make_compound_nim({3, 4, 2}, 3);
  const auto encoder = toy::make_toy_encoder(*game);
  SelfPlayRunner runner = mock_self_play(game, encoder, 4, 3);
  std::vector<GameRecord> records;
  {
    ShardWriter writer(dir.string(), "games", 5);
    runner.play(8, nullptr, [&](GameRecord&& r) {
      records.push_back(r);
      writer.add(r);
    });
  }
  // 2. Plus one damaged file that must be reported, not fatal.
  std::ofstream(dir / "broken.shard", std::ios::binary) << "IZSHARD\0garbage";

  int status = -1;
  const std::string out = run(
      python + " " INCHZERO_SOURCE_DIR "/scripts/read_shards.py --json " + dir.string() + " 2>&1",
      &status);
  fs::remove_all(dir);
  nlohmann::json summary;
  ASSERT_NO_THROW(summary = nlohmann::json::parse(out)) << out;
  EXPECT_NE(status, 0) << "a bad file must give a non-zero exit";
  ASSERT_EQ(summary["bad_files"].size(), 1u) << out;
  EXPECT_NE(summary["bad_files"][0].get<std::string>().find("broken.shard"), std::string::npos);

  int64_t decisions = 0, full = 0, pairs = 0, actions = 0, visits = 0, plies = 0, wins0 = 0;
  for (const auto& r : records) {
    plies += r.plies;
    wins0 += r.winner == 0;
    for (const auto& d : r.decisions) {
      ++decisions;
      full += d.full_search();
      actions += d.action;
      pairs += static_cast<int64_t>(d.visits.size());
      for (const auto& [a, n] : d.visits) visits += n;
    }
  }
  EXPECT_EQ(summary["games"], records.size());
  EXPECT_EQ(summary["decisions"], decisions);
  EXPECT_EQ(summary["full_searches"], full);
  EXPECT_EQ(summary["visit_pairs"], pairs);
  EXPECT_EQ(summary["actions_checksum"], actions);
  EXPECT_EQ(summary["visits_checksum"], visits);
  EXPECT_EQ(summary["plies"], plies);
  EXPECT_EQ(summary["wins"][0], wins0);
}

}  // namespace
}  // namespace inchzero
