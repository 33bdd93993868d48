#include "core/named_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// A folder tree under the temporary folder, entered as the current folder
// for the test (a relative name's second place to look) and left after it.
class NamedFile : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("inchzero_named_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "here");
    fs::create_directories(root_ / "configs");
    previous_ = fs::current_path();
    fs::current_path(root_ / "here");
  }
  void TearDown() override {
    fs::current_path(previous_);
    fs::remove_all(root_);
  }
  std::string write(const fs::path& path) {
    std::ofstream(root_ / path) << "x\n";
    return (root_ / path).string();
  }
  fs::path root_, previous_;
};

TEST_F(NamedFile, BesideTheNamingFileComesBeforeTheCurrentFolder) {
  const std::string from = write("configs/child.yaml");
  const std::string beside = write("configs/parent.yaml");
  write("here/parent.yaml");
  EXPECT_EQ(find_named_file("parent.yaml", from, "", SelfReference::kFind), beside);
  fs::remove(beside);
  EXPECT_EQ(find_named_file("parent.yaml", from, "", SelfReference::kFind), "parent.yaml");
  // Given on the command line (no naming file): the current folder only.
  write("configs/parent.yaml");
  EXPECT_EQ(find_named_file("parent.yaml", "", "", SelfReference::kFind), "parent.yaml");
}

TEST_F(NamedFile, TheSuffixIsTriedAfterABareName) {
  const std::string from = write("configs/child.yaml");
  const std::string beside = write("configs/inchworm-chess.yaml");
  EXPECT_EQ(find_named_file("inchworm-chess", from, ".yaml", SelfReference::kFind), beside);
  EXPECT_EQ(find_named_file("inchworm-chess", from, "", SelfReference::kFind), "");
}

TEST_F(NamedFile, AFileThatNamesItselfIsSkippedOnlyWhenAsked) {
  const std::string from = write("configs/invector.yaml");
  EXPECT_EQ(find_named_file("invector", from, ".yaml", SelfReference::kSkip), "");
  EXPECT_EQ(find_named_file("invector", from, ".yaml", SelfReference::kFind), from);
  // Skipped beside, a file of that name in the current folder is found.
  write("here/invector.yaml");
  EXPECT_EQ(find_named_file("invector", from, ".yaml", SelfReference::kSkip), "invector.yaml");
}

TEST_F(NamedFile, NothingFoundIsEmptyAndTheFileSystemsRefusalsAreNoFile) {
  const std::string from = write("configs/child.yaml");
  EXPECT_EQ(find_named_file("missing.yaml", from, "", SelfReference::kFind), "");
  EXPECT_EQ(find_named_file(std::string(5000, 'n'), from, ".yaml", SelfReference::kFind), "");
  fs::create_directories(root_ / "configs/folder.yaml");
  EXPECT_EQ(find_named_file("folder.yaml", from, "", SelfReference::kFind), "");
  // An absolute name is itself, wherever it is written.
  const std::string absolute = write("here/abs.yaml");
  EXPECT_EQ(find_named_file(absolute, from, "", SelfReference::kFind), absolute);
}

TEST(InheritanceChain, ACycleAndAnOverlongChainAreNamedFromTheFirstSource) {
  InheritanceChain chain;
  chain.enter("a.yaml", "/x/a.yaml");
  chain.enter("b.yaml", "/x/b.yaml");
  InheritanceChain branch = chain;  // a copy: what one branch enters, the other does not see
  EXPECT_NO_THROW(branch.enter("c.yaml", "/x/c.yaml"));
  EXPECT_NO_THROW(chain.enter("c.yaml", "/x/c.yaml"));
  try {
    chain.enter("./a.yaml", "/x/a.yaml");
    FAIL() << "a cycle was entered";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()),
              "a.yaml: an `inherits:` cycle: a.yaml -> b.yaml -> c.yaml -> ./a.yaml");
  }
  InheritanceChain long_chain;
  for (size_t i = 0; i < InheritanceChain::kMaxLength; ++i)
    long_chain.enter("f" + std::to_string(i), "f" + std::to_string(i));
  try {
    long_chain.enter("last", "last");
    FAIL() << "a 17th file was entered";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("f0: `inherits:` chains more than 16 files: f0 -> f1"),
              std::string::npos)
        << e.what();
  }
}

TEST(SourceIdentity, OneFileByAnyPathIsOneSource) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero_identity_" + std::to_string(::getpid()));
  fs::create_directories(dir / "sub");
  std::ofstream(dir / "a.yaml") << "x\n";
  EXPECT_EQ(source_identity((dir / "a.yaml").string()),
            source_identity((dir / "sub/../a.yaml").string()));
  EXPECT_EQ(source_identity("embedded inchworm.yaml"), "embedded inchworm.yaml");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
