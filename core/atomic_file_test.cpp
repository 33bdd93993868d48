// check_writable (atomic_file.h): a path a command will write at its end is
// checked at its start; AtomicFileWriter publishes whole or not at all;
// read_appended_lines: a journal's torn tail is cut.
#include "core/atomic_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace inchzero {
namespace {

namespace fs = std::filesystem;

TEST(CheckWritable, MakesParentFoldersAndLeavesNothingBehind) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero-check-writable-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const fs::path target = dir / "a" / "b" / "out.json";
  check_writable(target.string());
  EXPECT_TRUE(fs::is_directory(target.parent_path()));
  EXPECT_TRUE(fs::is_empty(target.parent_path()));  // the probe is gone, no target yet
  write_file_atomically(target.string(), "{}\n");
  check_writable(target.string());  // an existing file is writable
  EXPECT_EQ(read_file(target.string()), "{}\n");
  // A plain file where a folder should be, and a folder where the file should be.
  const std::string under_file = (target / "x.json").string();
  try {
    check_writable(under_file);
    ADD_FAILURE() << "a path under a file was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(under_file), std::string::npos) << e.what();
  }
  EXPECT_THROW(check_writable(dir.string()), std::runtime_error);
  fs::remove_all(dir);
}

// A file written in parts appears whole at commit(), and not at all when the
// writer is dropped before it (an exception half-way): the old file stays.
TEST(AtomicFileWriter, PublishesAtCommitAndLeavesNothingWhenDropped) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero-atomic-writer-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string target = (dir / "big.bin").string();
  {
    AtomicFileWriter file(target);
    file.write("abc", 3);
    EXPECT_FALSE(fs::exists(target));  // nothing under the name before commit
    file.write("def", 3);
    file.commit();
  }
  EXPECT_EQ(read_file(target), "abcdef");
  {
    AtomicFileWriter file(target);
    file.write("half", 4);
  }  // dropped: the old content stays, and no temporary is left
  EXPECT_EQ(read_file(target), "abcdef");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

TEST(ReadAppendedLines, ReturnsTheWholeLinesAndCutsATornTail) {
  const fs::path dir =
      fs::temp_directory_path() / ("inchzero-appended-lines-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string path = (dir / "journal.jsonl").string();
  EXPECT_TRUE(read_appended_lines(path).empty());  // no file yet
  append_line_durably(path, "one");
  append_line_durably(path, "");
  append_line_durably(path, "three");
  EXPECT_EQ(read_appended_lines(path), (std::vector<std::string>{"one", "", "three"}));
  EXPECT_EQ(read_file(path), "one\n\nthree\n");  // whole: untouched
  write_file_atomically(path, "one\ntwo\nthr");  // a crash while appending "three"
  EXPECT_EQ(read_appended_lines(path), (std::vector<std::string>{"one", "two"}));
  EXPECT_EQ(read_file(path), "one\ntwo\n");
  append_line_durably(path, "three");
  EXPECT_EQ(read_appended_lines(path), (std::vector<std::string>{"one", "two", "three"}));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
