#include "train/learning_curve.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "core/gnuplot.h"

namespace inchzero {
namespace {

// The plotted columns: (metrics key path, column title). Missing values are "?".
struct Column {
  const char* path;  // a JSON pointer into one metrics record
  const char* title;
};
constexpr Column kColumns[] = {
    {"/iteration", "iteration"},
    {"/elapsed_minutes", "minutes"},
    {"/train/policy_loss", "policy loss"},
    {"/train/value_loss", "value loss"},
    {"/eval/random/score", "score vs random"},
    {"/eval/greedy/score", "score vs greedy"},
    {"/eval/occasional/score", "score vs occasional baseline"},
    {"/eval/previous/score", "score vs previous"},
    {"/elo/cumulative", "cumulative Elo"},
    {"/eval/greedy/elo", "Elo vs greedy"},
    {"/eval/random/elo", "Elo vs random"},
    {"/solution/policy_error", "raw policy not optimal"},
    {"/solution/search_error", "search not optimal"},
    {"/solution/value_error", "value error"},
};

std::string cell(const nlohmann::json& record, const char* path) {
  const nlohmann::json::json_pointer pointer(path);
  if (!record.contains(pointer)) return "?";
  const nlohmann::json& v = record.at(pointer);
  if (!v.is_number()) return "?";
  return fmt::format("{:.6g}", v.get<double>());
}

// Column numbers (1-based) in the .dat file, by position in kColumns.
constexpr int kMinutes = 2, kPolicy = 3, kValue = 4, kRandom = 5, kGreedy = 6, kUct = 7,
              kPrevious = 8, kElo = 9, kEloGreedy = 10, kEloRandom = 11, kPolicyError = 12,
              kSearchError = 13, kValueError = 14;

// Whether some record has a number in one of the columns first..last. A run
// without in-run evaluation games (the lab's agents) has none in the game
// columns, a run without evaluation.solution none in the solution columns,
// and gnuplot refuses a panel without a single valid point.
bool has_any(const std::vector<nlohmann::json>& iterations, int first, int last) {
  for (const nlohmann::json& record : iterations)
    for (int c = first - 1; c < last; ++c)
      if (cell(record, kColumns[c].path) != "?") return true;
  return false;
}

std::string plot_script(const std::string& dat, const std::string& png, bool evaluations,
                        bool solution) {
  std::ostringstream gp;
  gp << "# Learning curve of an inchzero run; `gnuplot learning_curve.gp` redraws it.\n"
     << "set terminal pngcairo size 1200,900 font ',10'\n"
     << "set output '" << png << "'\n"
     << "set datafile missing '?'\n"
     << "set key outside right top\n"
     // Fixed margins line the three panels' time axes up (each key has its
     // own width; with automatic margins the panels come out unequally wide).
     << "set lmargin 10\n"
     << "set rmargin 30\n"
     << "set grid\n"
     << "set multiplot layout " << 1 + (evaluations ? 2 : 0) + (solution ? 1 : 0)
     << ",1 title 'inchzero learning curve"
     << (evaluations ? "" : " (no evaluation games in this run)") << "'\n"
     << "set xlabel 'minutes of training run'\n"
     << "set ylabel 'loss'\n"
     << fmt::format(
            "plot '{0}' using {1}:{2} with linespoints title 'policy loss', \\\n"
            "     '{0}' using {1}:{3} with linespoints title 'value loss'\n",
            dat, kMinutes, kPolicy, kValue);
  if (solution) {
    // The run's network against the exact solution of its board
    // (evaluation.solution, docs/solved-boards.md).
    gp << "set ylabel 'share / mean error'\n"
       << fmt::format(
              "plot '{0}' using {1}:{2} with linespoints title 'raw policy not optimal', \\\n"
              "     '{0}' using {1}:{3} with linespoints title 'search not optimal', \\\n"
              "     '{0}' using {1}:{4} with linespoints title 'value error (mean abs)'\n",
              dat, kMinutes, kPolicyError, kSearchError, kValueError);
  }
  if (!evaluations) {
    gp << "unset multiplot\n";
    return gp.str();
  }
  gp << "set ylabel 'score (win = 1, draw = 1/2)'\n"
     << "set yrange [0:1]\n"
     << fmt::format(
            "plot '{0}' using {1}:{2} with linespoints title 'vs random', \\\n"
            "     '{0}' using {1}:{3} with linespoints title 'vs greedy', \\\n"
            "     '{0}' using {1}:{4} with linespoints title 'vs occasional (uct)', \\\n"
            "     '{0}' using {1}:{5} with linespoints title 'vs previous net'\n",
            dat, kMinutes, kRandom, kGreedy, kUct, kPrevious)
     << "set autoscale y\n"
     << "set ylabel 'Elo'\n"
     // One panel of Elo: the chain of new-vs-previous networks (only where those
     // games were played) and the Elo against the fixed baselines, so the panel
     // always has data (gnuplot refuses a plot with no valid point at all).
     << fmt::format(
            "plot '{0}' using {1}:{2} with linespoints title 'cumulative Elo (vs previous)', \\\n"
            "     '{0}' using {1}:{3} with linespoints title 'Elo vs greedy', \\\n"
            "     '{0}' using {1}:{4} with linespoints title 'Elo vs random'\n",
            dat, kMinutes, kElo, kEloGreedy, kEloRandom)
     << "unset multiplot\n";
  return gp.str();
}

}  // namespace

std::string write_learning_curve(const std::string& folder,
                                 const std::vector<nlohmann::json>& iterations) {
  namespace fs = std::filesystem;
  std::ostringstream dat;
  dat << "#";
  for (const Column& c : kColumns) dat << " \"" << c.title << "\"";
  dat << "\n";
  for (const nlohmann::json& record : iterations) {
    for (const Column& c : kColumns) dat << cell(record, c.path) << " ";
    dat << "\n";
  }
  const std::string dat_path = (fs::path(folder) / "learning_curve.dat").string();
  const std::string gp_path = (fs::path(folder) / "learning_curve.gp").string();
  write_file_atomically(dat_path, dat.str());
  // The script names files relative to the run folder so that it works when
  // the folder is moved; gnuplot runs inside the folder.
  const bool evaluations = has_any(iterations, kRandom, kEloRandom);
  const bool solution = has_any(iterations, kPolicyError, kValueError);
  write_file_atomically(
      gp_path, plot_script("learning_curve.dat", "learning_curve.png", evaluations, solution));
  if (iterations.empty()) return "no iteration finished yet";

  // Draw into a temporary PNG, renamed over the old one.
  const std::string tmp_gp = gp_path + ".draw";
  write_file_atomically(
      tmp_gp, plot_script("learning_curve.dat", "learning_curve.png.tmp", evaluations, solution));
  const std::string error = run_gnuplot(folder, "learning_curve.gp.draw",
                                        "learning_curve.gnuplot.log", "learning_curve.png");
  fs::remove(tmp_gp);
  return error;
}

}  // namespace inchzero
