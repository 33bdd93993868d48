#include "core/input_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/game.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

std::string error_of(const std::string& path) {
  try {
    read_input_file(path, "rule file");
  } catch (const GameError& e) {
    return e.what();
  }
  return "(read)";
}

TEST(InputFile, ReadsARegularFileWhole) {
  const fs::path dir = fs::temp_directory_path() / ("inchzero_input_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string text = std::string(200'000, 'y') + "\nend";
  std::ofstream(dir / "f.yaml") << text;
  EXPECT_EQ(read_input_file((dir / "f.yaml").string(), "rule file"), text);
  EXPECT_EQ(input_file_problem((dir / "f.yaml").string()), "");
  EXPECT_EQ(error_of(dir.string()), "rule file '" + dir.string() + "' is a directory");
  EXPECT_EQ(error_of((dir / "none").string()),
            "rule file '" + (dir / "none").string() + "' does not exist");
  fs::remove_all(dir);
}

TEST(InputFile, RefusesDevicesAndFifosAtOnce) {
  EXPECT_EQ(error_of("/dev/zero"),
            "rule file '/dev/zero' is a character device, not a regular file");
  const fs::path fifo = fs::temp_directory_path() / ("inchzero_fifo_" + std::to_string(::getpid()));
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // No writer: a blocking open would wait here for ever (ctest's timeout
  // would end the test, a failure).
  EXPECT_EQ(error_of(fifo.string()),
            "rule file '" + fifo.string() + "' is a FIFO, not a regular file");
  EXPECT_EQ(input_file_problem(fifo.string()), "is a FIFO, not a regular file");
  fs::remove(fifo);
}

}  // namespace
}  // namespace inchzero
