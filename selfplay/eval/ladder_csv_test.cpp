#include "selfplay/eval/ladder_csv.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"

namespace inchzero {
namespace {

std::string write_temp(const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("ladder_csv_test-" + std::to_string(getpid()) + ".csv"))
                               .string();
  std::ofstream(path) << text;
  return path;
}

TEST(LadderCsv, ReadsBackWhatItWrites) {
  // A net spec may hold ':' and ','; the numbers are rounded to 0.1 as written.
  const std::vector<LadderPlayerRow> rows = {
      {"random", 0, 0, 0, 4, 2, 0, 2},
      {"net:runs/a,b:sims=2", -464.14, -1212.8, 284.6, 4, 0, 1, 3}};
  const std::string path = write_temp(ladder_csv(rows));
  const std::vector<LadderPlayerRow> back = read_ladder_csv(path);
  std::filesystem::remove(path);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].spec, "net:runs/a,b:sims=2");
  EXPECT_DOUBLE_EQ(back[1].elo, -464.1);
  EXPECT_DOUBLE_EQ(back[1].elo_low, -1212.8);
  EXPECT_DOUBLE_EQ(back[1].elo_high, 284.6);
  EXPECT_EQ(back[1].games, 4);
  EXPECT_EQ(back[1].draws, 1);
  EXPECT_EQ(back[1].losses, 3);
  EXPECT_EQ(back[0].wins, 2);
}

TEST(LadderCsv, RefusesWhatItDidNotWrite) {
  const std::string header = "player,elo,elo_low,elo_high,games,wins,draws,losses\n";
  for (const std::string& text : {std::string("name,elo\n"), header + "random,0,0,0,4,2,0,2\n",
                                  header + "\"random\",0,0\n", header + "\"random\n"}) {
    const std::string path = write_temp(text);
    EXPECT_THROW(read_ladder_csv(path), GameError) << text;
    std::filesystem::remove(path);
  }
  EXPECT_THROW(read_ladder_csv("/nonexistent/ladder.csv"), GameError);
}

}  // namespace
}  // namespace inchzero
