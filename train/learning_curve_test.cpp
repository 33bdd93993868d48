#include "train/learning_curve.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

// A fresh, empty folder for one test's curve files.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

// The metrics record of iteration `i` with its losses (3/i and 1/i).
nlohmann::json iteration_record(int i, double minutes) {
  nlohmann::json r;
  r["iteration"] = i;
  r["elapsed_minutes"] = minutes;
  r["train"]["policy_loss"] = 3.0 / i;
  r["train"]["value_loss"] = 1.0 / i;
  return r;
}

// The curve was drawn without a problem. gnuplot is a dependency
// (scripts/setup.sh installs gnuplot-nox): without it this fails, it does not
// pass untested.
void expect_drawn(const std::string& problem, const fs::path& dir) {
  ASSERT_FALSE(find_on_path("gnuplot").empty())
      << "gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)";
  EXPECT_EQ(problem, "");
  EXPECT_GT(fs::file_size(dir / "learning_curve.png"), 1000u);
}

TEST(LearningCurve, WritesOneDataRowPerIterationAndDrawsWithGnuplot) {
  const fs::path dir = fresh_dir("inchzero_curve");
  std::vector<nlohmann::json> records;
  for (int i = 1; i <= 3; ++i) {
    nlohmann::json r = iteration_record(i, 2.5 * i);
    r["eval"]["random"]["score"] = 0.5 + 0.1 * i;
    if (i > 1) r["eval"]["previous"]["score"] = 0.6;
    r["elo"]["cumulative"] = 50.0 * i;
    records.push_back(r);
  }
  const std::string problem = write_learning_curve(dir.string(), records);
  const std::string dat = read_file((dir / "learning_curve.dat").string());
  int rows = 0;
  for (char c : dat) rows += c == '\n';
  EXPECT_EQ(rows, 4);  // header + 3 iterations
  EXPECT_NE(dat.find("\n1 2.5 3 1 0.6 ? ? ? 50 ? ? ? ? ? \n"), std::string::npos) << dat;
  EXPECT_TRUE(fs::exists(dir / "learning_curve.gp"));
  expect_drawn(problem, dir);
  fs::remove_all(dir);
}

// Without gnuplot on the PATH the data and script are still written and the
// problem names gnuplot (tested by hiding it, whatever this machine has).
TEST(LearningCurve, NamesGnuplotWhenItIsMissing) {
  const fs::path dir = fresh_dir("inchzero_curve_nognuplot");
  const char* old_path = std::getenv("PATH");
  const std::string saved = old_path ? old_path : "";
  ::setenv("PATH", "/nonexistent-inchzero-test", 1);
  const std::string problem = write_learning_curve(dir.string(), {iteration_record(1, 1.0)});
  ::setenv("PATH", saved.c_str(), 1);
  EXPECT_NE(problem.find("gnuplot"), std::string::npos) << problem;
  EXPECT_TRUE(fs::exists(dir / "learning_curve.dat"));
  EXPECT_FALSE(fs::exists(dir / "learning_curve.png"));
  fs::remove_all(dir);
}

// A run that plays no games against the previous network records no Elo
// chain; the Elo panel then shows the baselines' Elo and the plot still draws.
TEST(LearningCurve, DrawsWithoutAnEloChain) {
  const fs::path dir = fresh_dir("inchzero_curve_noelo");
  std::vector<nlohmann::json> records;
  for (int i = 1; i <= 3; ++i) {
    nlohmann::json r = iteration_record(i, 2.0 * i);
    r["eval"]["greedy"]["score"] = 0.2 * i;
    r["eval"]["greedy"]["elo"] = -200.0 + 100.0 * i;
    r["eval"]["random"]["elo"] = nullptr;  // a perfect score has no finite Elo
    records.push_back(r);
  }
  const std::string problem = write_learning_curve(dir.string(), records);
  const std::string dat = read_file((dir / "learning_curve.dat").string());
  EXPECT_NE(dat.find("\n2 4 1.5 0.5 ? 0.4 ? ? ? 0 ? ? ? ? \n"), std::string::npos) << dat;
  expect_drawn(problem, dir);
  fs::remove_all(dir);
}

// A run without in-run evaluation games (the lab's agents) plots its losses
// alone; with the three panels gnuplot failed on the empty score panel.
TEST(LearningCurve, DrawsLossesAloneWithoutEvaluations) {
  const fs::path dir = fresh_dir("inchzero_curve_noeval");
  std::vector<nlohmann::json> records;
  for (int i = 1; i <= 2; ++i) records.push_back(iteration_record(i, 1.0 * i));
  const std::string problem = write_learning_curve(dir.string(), records);
  const std::string gp = read_file((dir / "learning_curve.gp").string());
  EXPECT_EQ(gp.find("vs random"), std::string::npos) << gp;
  expect_drawn(problem, dir);
  fs::remove_all(dir);
}

// A run measured against its board's solution (evaluation.solution) and
// without evaluation games: the loss panel and the solution panel.
TEST(LearningCurve, DrawsTheSolutionPanel) {
  const fs::path dir = fresh_dir("inchzero_curve_solution");
  std::vector<nlohmann::json> records;
  for (int i = 1; i <= 3; ++i) {
    nlohmann::json r = iteration_record(i, 1.0 * i);
    r["solution"]["policy_error"] = 0.5 / i;
    r["solution"]["search_error"] = 0.25 / i;
    r["solution"]["value_error"] = 1.0 / i;
    records.push_back(r);
  }
  const std::string problem = write_learning_curve(dir.string(), records);
  const std::string dat = read_file((dir / "learning_curve.dat").string());
  EXPECT_NE(dat.find("\n2 2 1.5 0.5 ? ? ? ? ? ? ? 0.25 0.125 0.5 \n"), std::string::npos) << dat;
  const std::string gp = read_file((dir / "learning_curve.gp").string());
  EXPECT_NE(gp.find("search not optimal"), std::string::npos) << gp;
  EXPECT_NE(gp.find("layout 2,1"), std::string::npos) << gp;
  EXPECT_EQ(gp.find("vs random"), std::string::npos) << gp;
  expect_drawn(problem, dir);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inchzero
