#include "train/elo_curve.h"

#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/atomic_file.h"
#include "core/game.h"
#include "core/gnuplot.h"
#include "core/json_input.h"
#include "model/network_path.h"
#include "model/zoo.h"
#include "selfplay/eval/ladder_csv.h"
#include "selfplay/players/player_spec.h"
#include "train/network_provenance.h"
#include "train/run_folder.h"

namespace inchzero {
namespace fs = std::filesystem;
namespace {

// The non-empty lines of a metrics.jsonl, as they are.
std::vector<std::string> metrics_lines(const std::string& path) {
  if (!fs::is_regular_file(path)) throw GameError(path + ": no such metrics file");
  std::istringstream in(read_file(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// Whether two runs' records agree as far as both go (one run, or one
// continued from the other).
bool same_run(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const size_t n = std::min(a.size(), b.size());
  return n > 0 && std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n), b.begin());
}

// Hours of run time when `iteration` was recorded in `run_dir`'s metrics.
double hours_at(const std::string& run_dir, int iteration) {
  const RunFolder run(run_dir);
  for (const IterationRecord& r : run.read_metrics())
    if (r.iteration == iteration) return r.elapsed_minutes / 60;
  throw GameError(run.metrics_path() + ": no line for iteration " + std::to_string(iteration) +
                  " (a checkpoint the ladder rated)");
}

EloCurvePoint point_of(const LadderPlayerRow& row, int iteration, double hours,
                       const std::string& rated) {
  return {iteration, hours, row.elo, row.elo_low, row.elo_high, row.games, row.spec, rated};
}

// The run folder and iteration of a net: row's file, when it has the run
// layout (RUN/networks/net-NNNNNN.pt) and RUN has metrics.
struct Checkpoint {
  std::string run;
  int iteration = -1;
};

Checkpoint checkpoint_of(const std::string& spec_text) {
  const std::string file = ladder_row_network_file(spec_text);
  if (file.empty()) return {};
  const NetworkProvenance p = network_provenance(file);
  if (p.run.empty() || p.iteration < 0 || !fs::is_regular_file(RunFolder(p.run).metrics_path()))
    return {};
  return {p.run, p.iteration};
}

std::vector<EloCurvePoint> read_previous(const std::string& path) {
  std::vector<EloCurvePoint> points;
  if (path.empty() || !fs::exists(path)) return points;
  const nlohmann::json j = parse_json_or_throw(read_file(path), path);
  try {
    for (const nlohmann::json& p : j.at("points"))
      points.push_back({p.at("iteration").get<int>(), p.at("hours").get<double>(),
                        p.at("elo").get<double>(), p.at("elo_low").get<double>(),
                        p.at("elo_high").get<double>(), p.at("games").get<int>(),
                        p.at("player").get<std::string>(), p.at("rated").get<std::string>()});
  } catch (const nlohmann::json::exception& e) {
    throw GameError(path + ": not an Elo curve (" + e.what() + ")");
  }
  return points;
}

}  // namespace

std::vector<EloCurvePoint> entry_elo_curve(const EloCurveInputs& in) {
  const std::vector<LadderPlayerRow> rows = read_ladder_csv(in.ladder_dir + "/ladder.csv");
  const bool anchored = std::any_of(rows.begin(), rows.end(),
                                    [](const LadderPlayerRow& r) { return r.spec == "random"; });
  if (!anchored) return {};
  const std::vector<std::string> entry_lines = metrics_lines(in.metrics);
  std::map<int, EloCurvePoint> by_iteration;
  for (const LadderPlayerRow& row : rows) {
    if (row.spec == in.entry_player && in.entry_iteration >= 0) {
      const std::string entry_dir = fs::path(in.metrics).parent_path().string();
      by_iteration[in.entry_iteration] =
          point_of(row, in.entry_iteration, hours_at(entry_dir, in.entry_iteration), in.rated);
      continue;
    }
    const Checkpoint c = checkpoint_of(row.spec);
    if (c.run.empty() || !same_run(entry_lines, metrics_lines(RunFolder(c.run).metrics_path())))
      continue;  // a rung, or a network of another run
    // The entry's own row wins over a copy of its network in a run folder.
    if (!by_iteration.count(c.iteration) || by_iteration[c.iteration].player != in.entry_player)
      by_iteration[c.iteration] =
          point_of(row, c.iteration, hours_at(c.run, c.iteration), in.rated);
  }
  const bool previous_same_run = !in.previous.empty() && fs::exists(in.previous) &&
                                 fs::is_regular_file(in.previous_metrics) &&
                                 same_run(entry_lines, metrics_lines(in.previous_metrics));
  if (previous_same_run)
    for (const EloCurvePoint& p : read_previous(in.previous))
      if (!by_iteration.count(p.iteration)) by_iteration[p.iteration] = p;
  std::vector<EloCurvePoint> points;
  for (const auto& [iteration, point] : by_iteration) points.push_back(point);
  return points;
}

std::string write_elo_curve(const std::string& folder, const std::string& entry_name,
                            const std::vector<EloCurvePoint>& points) {
  nlohmann::json list = nlohmann::json::array();
  std::ostringstream dat;
  for (const EloCurvePoint& p : points) {
    list.push_back({{"iteration", p.iteration},
                    {"hours", p.hours},
                    {"elo", p.elo},
                    {"elo_low", p.elo_low},
                    {"elo_high", p.elo_high},
                    {"games", p.games},
                    {"player", p.player},
                    {"rated", p.rated}});
    dat << fmt::format("{:.4f} {:.1f} {:.1f} {:.1f} {}\n", p.hours, p.elo, p.elo_low, p.elo_high,
                       p.iteration);
  }
  const nlohmann::json doc = {{"anchor", "random"}, {"points", list}};
  write_file_atomically(folder + "/elo_curve.json", doc.dump(1) + "\n");
  write_file_atomically(folder + "/elo_curve.dat", dat.str());
  std::ostringstream gp;
  gp << "# Elo over training time; `gnuplot elo_curve.gp` redraws elo_curve.png.tmp\n"
     << "set terminal pngcairo size 800,480 noenhanced\n"
     << "set output 'elo_curve.png.tmp'\n"
     << "set title '" << entry_name << ": ladder Elo (random = 0) over training time'\n"
     << "set xlabel 'training hours (active run time)'\n"
     << "set ylabel 'Elo, 95 % interval'\n"
     << "set grid\nset key off\n"
     << "plot 'elo_curve.dat' using 1:2:3:4 with yerrorlines pt 7 lc rgb '#1f77b4', \\\n"
     << "     '' using 1:2:(sprintf('%d', $5)) with labels offset 0,1 notitle\n";
  write_file_atomically(folder + "/elo_curve.gp", gp.str());
  fs::remove(folder + "/elo_curve.png");
  if (points.size() < 2)
    return "one rated checkpoint (`CHECKPOINTS=... bash scripts/zoo_ladder.sh NAME` rates more)";
  return run_gnuplot(folder, "elo_curve.gp", "gnuplot.log", "elo_curve.png");
}

std::string elo_curve_section(const std::vector<EloCurvePoint>& points,
                              const std::string& plot_error, const std::string& picture) {
  std::ostringstream md;
  md << "### Elo over training time\n\n";
  if (points.empty())
    return md.str() +
           "No curve: this ladder has no `random`, the anchor that puts every zoo ladder on "
           "one scale.\n";
  md << "Checkpoints of this network's run rated on the ladder's scale (`random` = 0), at the "
        "run time their iteration was recorded (docs/zoo.md, \"Elo over training time\").\n\n"
     << "| iteration | hours | Elo | 95 % interval | games | player | rated |\n"
     << "|---:|---:|---:|---|---:|---|---|\n";
  for (const EloCurvePoint& p : points)
    md << fmt::format("| {} | {:.2f} | {:+.0f} | [{:+.0f}, {:+.0f}] | {} | `{}` | {} |\n",
                      p.iteration, p.hours, p.elo, p.elo_low, p.elo_high, p.games, p.player,
                      p.rated);
  if (plot_error.empty())
    md << "\n![Elo over training time](" << picture << ")\n";
  else
    md << "\nNo picture: " << plot_error << ".\n";
  return md.str();
}

std::string ladder_row_network_file(const std::string& spec_text) {
  const PlayerSpec spec = parse_player_spec(spec_text);
  if (spec.kind != PlayerSpec::Kind::kNet || is_zoo_spec(spec.path) || !fs::exists(spec.path))
    return "";
  return resolve_network_path(spec.path);
}

std::string utc_date_today() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
  return text;
}

}  // namespace inchzero
