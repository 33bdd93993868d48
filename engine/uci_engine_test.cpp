// The UCI engine searches on a thread of its own while the caller's thread
// goes on reading commands (isready, stop, quit) and answering them on the
// same stream. This runs in ThreadSanitizer's job too (ctest
// sanitize.concurrency).
#include "engine/uci_engine.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/registry.h"
#include "tests/learning/tiny_network.h"

namespace inchzero {
namespace {

int count_lines_starting(const std::string& text, const std::string& start) {
  int n = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) n += line.rfind(start, 0) == 0;
  return n;
}

TEST(UciEngine, AnswersIsreadyAndStopWhileItsSearchThreadThinks) {
  testing::TempFolder dir("uci_engine");
  const auto chess = load_game("inchworm-chess", "fide", {});
  EngineOptions options;
  options.player = "net:" + testing::save_tiny_network(*chess, dir.path() / "chess.pt");
  EngineContext context(options);
  // Two searches of the network: one that ends on its own (nodes), one that
  // only stop ends (its thread polls the stop flag the caller's thread sets).
  std::istringstream in(
      "uci\nisready\nposition startpos moves e2e4\ngo nodes 200\nisready\n"
      "position startpos moves e2e4 e7e5\ngo infinite\nisready\nstop\nquit\n");
  std::ostringstream out;
  EXPECT_EQ(serve_uci(context, in, out), 0);
  const std::string text = out.str();
  EXPECT_EQ(count_lines_starting(text, "uciok"), 1) << text;
  EXPECT_EQ(count_lines_starting(text, "readyok"), 3) << text;
  EXPECT_EQ(count_lines_starting(text, "bestmove "), 2) << text;
}

}  // namespace
}  // namespace inchzero
