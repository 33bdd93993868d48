#include "model/zoo.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/game.h"
#include "model/network_path.h"
#include "selfplay/players/player_spec.h"

namespace inchzero {
namespace {
namespace fs = std::filesystem;

// A zoo in a fresh temporary folder, INCHZERO_ZOO pointing at it while the
// test runs (restored after, so other tests see the environment they had).
class ZooTest : public ::testing::Test {
 protected:
  void SetUp() override {
    zoo_ = (fs::temp_directory_path() / ("zoo_test-" + std::to_string(getpid()))).string();
    fs::remove_all(zoo_);
    fs::create_directories(zoo_);
    if (const char* old = std::getenv("INCHZERO_ZOO")) old_env_ = old, had_env_ = true;
    setenv("INCHZERO_ZOO", zoo_.c_str(), 1);
  }
  void TearDown() override {
    if (had_env_) {
      setenv("INCHZERO_ZOO", old_env_.c_str(), 1);
    } else {
      unsetenv("INCHZERO_ZOO");
    }
    fs::remove_all(zoo_);
  }
  // An entry with every file open_zoo_entry checks; `metadata` as given.
  void make_entry(const std::string& name,
                  const std::string& metadata = R"({"game":"inchworm","rules":"original"})") {
    fs::create_directories(zoo_ + "/" + name);
    std::ofstream(zoo_ + "/" + name + "/network.pt") << "not read here";
    std::ofstream(zoo_ + "/" + name + "/config.yaml") << "inherits: inchworm\n";
    std::ofstream(zoo_ + "/" + name + "/metadata.json") << metadata;
  }
  // The message open_zoo_entry throws for `name`.
  std::string error_of(const std::string& name) {
    try {
      open_zoo_entry(zoo_, name);
    } catch (const GameError& e) {
      return e.what();
    }
    return "no error";
  }
  std::string zoo_, old_env_;
  bool had_env_ = false;
};

TEST(ZooName, LowerCaseLettersDigitsAndDashesOnly) {
  EXPECT_TRUE(valid_zoo_name("inchworm-60-menke"));
  EXPECT_TRUE(valid_zoo_name("invector-8x7"));
  for (const char* bad : {"", "Inchworm", "a_b", "a/b", "..", "a b", "a:b"})
    EXPECT_FALSE(valid_zoo_name(bad)) << bad;
  EXPECT_THROW(check_zoo_name("../x"), GameError);
}

TEST_F(ZooTest, FolderFromFlagThenEnvironment) {
  EXPECT_EQ(zoo_dir("elsewhere"), "elsewhere");
  EXPECT_EQ(zoo_dir(), zoo_);
}

TEST_F(ZooTest, NamesAreTheValidSubfoldersSorted) {
  make_entry("b-net");
  make_entry("a-net");
  fs::create_directories(zoo_ + "/.a-net.tmp-1");  // an add in progress
  std::ofstream(zoo_ + "/README.md") << "index";
  EXPECT_EQ(zoo_names(zoo_), (std::vector<std::string>{"a-net", "b-net"}));
  EXPECT_TRUE(zoo_names(zoo_ + "/missing").empty());
}

TEST_F(ZooTest, ZooSpecResolvesToTheEntrysNetwork) {
  make_entry("tiny");
  EXPECT_EQ(resolve_network_path("zoo:tiny"), zoo_ + "/tiny/network.pt");
  EXPECT_EQ(zoo_entry_of("zoo:tiny").game(), "inchworm");
  EXPECT_EQ(zoo_entry_of("zoo:tiny").rules(), "original");
}

TEST_F(ZooTest, UnknownNameListsTheAvailableOnes) {
  make_entry("tiny");
  make_entry("other");
  const std::string e = error_of("nope");
  EXPECT_NE(e.find("no zoo network 'nope'"), std::string::npos) << e;
  EXPECT_NE(e.find("available: other, tiny"), std::string::npos) << e;
}

TEST_F(ZooTest, DamagedEntriesNameTheFile) {
  make_entry("no-net");
  fs::remove(zoo_ + "/no-net/network.pt");
  EXPECT_NE(error_of("no-net").find("network.pt is missing"), std::string::npos);
  make_entry("no-meta");
  fs::remove(zoo_ + "/no-meta/metadata.json");
  EXPECT_NE(error_of("no-meta").find("metadata.json is missing"), std::string::npos);
  make_entry("bad-json", "{not json");
  EXPECT_NE(error_of("bad-json").find("metadata.json is not valid JSON"), std::string::npos);
  make_entry("no-game", R"({"rules":"original"})");
  EXPECT_NE(error_of("no-game").find("no \"game\" string"), std::string::npos);
  make_entry("array", "[1]");
  EXPECT_NE(error_of("array").find("no \"game\" string"), std::string::npos);
}

TEST(ZooSize, LimitIsOneHundredMebibytes) {
  EXPECT_NO_THROW(check_zoo_size(kZooSizeLimit));
  EXPECT_THROW(check_zoo_size(kZooSizeLimit + 1), GameError);
}

TEST(ZooSpec, IsANetworkPlayerThatPrintsBack) {
  const PlayerSpec spec = parse_player_spec("zoo:inchworm-60:sims=5:gumbel=1");
  EXPECT_EQ(spec.kind, PlayerSpec::Kind::kNet);
  EXPECT_EQ(spec.path, "zoo:inchworm-60");
  EXPECT_EQ(spec.simulations, 5);
  EXPECT_EQ(spec.to_string(), "zoo:inchworm-60:sims=5:gumbel=1");
  EXPECT_EQ(parse_player_spec(spec.to_string()).to_string(), spec.to_string());
  EXPECT_EQ(parse_player_spec("net:zoo:inchworm-60").path, "zoo:inchworm-60");
  for (const char* bad : {"zoo", "zoo:", "zoo:Bad", "zoo:a:b", "zoo:a:depth=3"})
    EXPECT_THROW(parse_player_spec(bad), GameError) << bad;
}

}  // namespace
}  // namespace inchzero
