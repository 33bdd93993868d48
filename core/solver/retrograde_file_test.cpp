// The retrograde solution file: a solve written and read back is the same
// solve (every key, move, value, distance and flag), and a file that is not
// one, is damaged, is of other rules or needs more memory than allowed is
// refused by name.
#include "core/solver/retrograde_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/registry.h"

namespace inchzero::solver {
namespace {

namespace fs = std::filesystem;

std::shared_ptr<const inchworm::InchwormGame> small_game(const std::string& stock = "stock=3") {
  return std::dynamic_pointer_cast<const inchworm::InchwormGame>(load_game(
      "inchworm", "",
      {"width=3", "height=3", stock, "target_score=2", "max_plies=0", "repetition_draw=0"}));
}

class RetrogradeFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("inchzero_retro_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    game_ = small_game();
    solution_ = std::make_unique<RetrogradeSolution>(solve_retrograde(*game_->initial_state()));
    path_ = (dir_ / "s.retro").string();
    write_retrograde_file(path_, *solution_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string error_of(const std::string& path, int64_t limit = int64_t{1} << 40) {
    try {
      read_retrograde_file(path, *game_, limit);
    } catch (const GameError& e) {
      return e.what();
    }
    return "(read)";
  }
  // A copy of the file with `edit` applied to its bytes.
  std::string edited(const std::string& name, const std::function<void(std::string&)>& edit) {
    std::ifstream in(path_, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    edit(bytes);
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }
  fs::path dir_;
  std::shared_ptr<const inchworm::InchwormGame> game_;
  std::unique_ptr<RetrogradeSolution> solution_;
  std::string path_;
};

TEST_F(RetrogradeFileTest, WhatIsReadBackIsTheSolve) {
  const RetrogradeSolution& a = *solution_;
  ASSERT_GT(a.size(), 1000);
  const RetrogradeSolution b = read_retrograde_file(path_, *game_, int64_t{1} << 30);
  ASSERT_EQ(b.size(), a.size());
  for (int64_t i = 0; i < a.size(); ++i) {
    ASSERT_TRUE(b.key(i) == a.key(i)) << i;
    ASSERT_EQ(b.value(i), a.value(i)) << i;
    ASSERT_EQ(b.distance(i), a.distance(i)) << i;
    ASSERT_EQ(b.terminal(i), a.terminal(i)) << i;
    ASSERT_EQ(b.endless(i), a.endless(i)) << i;
    ASSERT_EQ(b.children(i), a.children(i)) << i;
    ASSERT_EQ(b.find(a.key(i)), i);  // the index is made again
  }
  EXPECT_EQ(b.best_child(0), a.best_child(0));
  EXPECT_EQ(b.stats().positions, a.stats().positions);
  EXPECT_EQ(b.stats().endless_draws, a.stats().endless_draws);
  EXPECT_EQ(b.codec().symmetric(), a.codec().symmetric());
  const RetrogradeFileHeader h = read_retrograde_header(path_);
  EXPECT_EQ(h.game, "inchworm");
  EXPECT_EQ(h.rules_label, game_->options().label());
  EXPECT_EQ(h.positions, a.size());
  EXPECT_GT(h.array_bytes, 16 * a.size());
  // Written again from what was read: the same bytes.
  const std::string again = (dir_ / "again.retro").string();
  write_retrograde_file(again, b);
  std::ifstream x(path_, std::ios::binary), y(again, std::ios::binary);
  EXPECT_TRUE(std::equal(std::istreambuf_iterator<char>(x), std::istreambuf_iterator<char>(),
                         std::istreambuf_iterator<char>(y)));
}

TEST_F(RetrogradeFileTest, ADamagedFileIsRefusedByName) {
  const std::string flipped = edited("flipped.retro", [](std::string& b) { b[b.size() - 7] ^= 1; });
  EXPECT_NE(error_of(flipped).find("damaged: the array 'flags' does not match its CRC-32"),
            std::string::npos)
      << error_of(flipped);
  const std::string cut = edited("cut.retro", [](std::string& b) { b.resize(b.size() / 2); });
  EXPECT_NE(error_of(cut).find("damaged: cut short in the array"), std::string::npos)
      << error_of(cut);
  const std::string longer = edited("long.retro", [](std::string& b) { b += "x"; });
  EXPECT_NE(error_of(longer).find("damaged: bytes after the arrays"), std::string::npos);
  const std::string other = edited("other.retro", [](std::string& b) { b[0] = 'X'; });
  EXPECT_NE(error_of(other).find("not a retrograde solution file"), std::string::npos);
  const std::string newer = edited("newer.retro", [](std::string& b) {
    const size_t at = b.find("\"version\":1");
    ASSERT_NE(at, std::string::npos);
    b[at + 10] = '9';
  });
  EXPECT_NE(error_of(newer).find("format version 9 is newer than this build's 1"),
            std::string::npos)
      << error_of(newer);
  EXPECT_NE(error_of(dir_.string()).find("is a directory"), std::string::npos);
}

TEST_F(RetrogradeFileTest, OtherRulesAndTooLittleMemoryAreRefused) {
  const auto other = small_game("stock=2");
  try {
    read_retrograde_file(path_, *other, int64_t{1} << 40);
    FAIL() << "read under other rules";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("was solved for inchworm"), std::string::npos) << e.what();
  }
  EXPECT_NE(error_of(path_, 1000).find("refused: reading it needs"), std::string::npos)
      << error_of(path_, 1000);
}

}  // namespace
}  // namespace inchzero::solver
