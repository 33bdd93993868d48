#include "core/folder_lock.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

fs::path fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() /
                       ("inchzero-folder-lock-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

TEST(FolderLock, ASecondHolderIsRefusedWithTheFirstsPid) {
  const fs::path dir = fresh_folder("second") / "nested";
  auto held = FolderLock::take(dir.string(), "x.lock", "ladder");  // creates the folders
  std::ifstream in(dir / "x.lock");
  std::string pid;
  in >> pid;
  EXPECT_EQ(pid, std::to_string(::getpid()));
  // flock locks belong to open files: a second open in this process is
  // refused as another process would be.
  try {
    FolderLock::take(dir.string(), "x.lock", "ladder", "; advice");
    FAIL() << "a second lock of the same folder was granted";
  } catch (const GameError& e) {
    EXPECT_EQ(std::string(e.what()), "another inchzero ladder (pid " + pid + ") is using " +
                                         dir.string() + "; stop it first; advice");
  }
  // Another file in the same folder is another lock.
  EXPECT_NO_THROW(FolderLock::take(dir.string(), "y.lock", "lab"));
  held.reset();
  EXPECT_NO_THROW(FolderLock::take(dir.string(), "x.lock", "ladder"));  // released with its holder
  fs::remove_all(dir.parent_path());
}

TEST(FolderLock, AFolderThatCannotBeMadeIsNamed) {
  const fs::path dir = fresh_folder("file");
  fs::create_directories(dir);
  std::ofstream(dir / "plain") << "a file, not a folder";
  try {
    FolderLock::take((dir / "plain" / "sub").string(), "x.lock", "ladder");
    FAIL() << "a lock under a plain file was granted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find((dir / "plain" / "sub").string()), std::string::npos)
        << e.what();
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
