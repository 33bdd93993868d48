#include "train/zoo_add.h"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "core/atomic_file.h"
#include "model/cpu_features.h"
#include "model/encoder.h"
#include "model/export_metadata.h"
#include "model/network.h"
#include "model/network_path.h"
#include "selfplay/eval/ladder_csv.h"
#include "selfplay/players/player_spec.h"
#include "train/elo_curve.h"
#include "train/network_provenance.h"
#include "train/run_config.h"
#include "train/run_folder.h"
#include "train/trainer.h"

namespace inchzero {
namespace fs = std::filesystem;
namespace {

// The ladder files an entry keeps (games.jsonl stays with the ladder: it
// grows with every game and the report says what it holds).
constexpr const char* kLadderFiles[] = {"ladder.md", "ladder.csv", "ratings.png"};

// Everything the README says, gathered from the run before writing.
struct RunSummary {
  std::string game, rules, architecture, cpu;
  int iterations = 0;
  double hours = 0;
  int64_t samples = 0;
  ContinuedFrom continued;  // the entry the run was continued from, if it was
};

RunSummary summarise(const RunFolder& run, const Game& game, const Network& network,
                     uint64_t network_bytes) {
  RunSummary s;
  s.game = game.name();
  s.rules = game.options().label().empty() ? "default" : game.options().label();
  const NetworkArchitecture& a = network.config().arch;
  s.architecture = fmt::format("{} blocks × {} channels, {} parameters, {} KB", a.blocks,
                               a.channels, network.parameter_count(), network_bytes / 1024);
  const RunState state = run.read_state();
  s.iterations = state.iterations;
  s.hours = state.active_seconds / 3600;
  s.samples = state.trained_samples;
  s.continued = run.read_continued();
  // The CPU the run's self-play recorded (train/run_inference.h), newest first.
  const std::vector<IterationRecord> metrics = run.read_metrics();
  for (auto it = metrics.rbegin(); it != metrics.rend() && s.cpu.empty(); ++it) {
    if (!it->selfplay.is_object()) continue;
    const nlohmann::json cpu =
        it->selfplay.value(nlohmann::json::json_pointer("/inference/cpu"), nlohmann::json());
    if (cpu.is_string()) s.cpu = cpu.get<std::string>();
  }
  if (s.cpu.empty())
    s.cpu = "not recorded by the run (zoo add ran on " + cpu_features().describe() + ")";
  return s;
}

// ladder.md as a section of the entry's README: its headings two levels
// down, its picture where the entry keeps it (ladder/ratings.png).
std::string ladder_section(const std::string& ladder_md) {
  std::istringstream in(ladder_md);
  std::string out, line;
  while (std::getline(in, line)) {
    if (line.rfind('#', 0) == 0) line = "##" + line;
    const size_t picture = line.find("](ratings.png)");
    if (picture != std::string::npos) line.replace(picture, 14, "](ladder/ratings.png)");
    out += line + "\n";
  }
  return out;
}

std::string readme(const std::string& name, const RunSummary& s, bool has_checkpoint,
                   const std::string& ladder_md, const std::string& curve_md) {
  std::ostringstream out;
  out << "# " << name << "\n\n"
      << "| | |\n|---|---|\n"
      << "| game | " << s.game << " |\n"
      << "| rules | " << s.rules << " |\n"
      << "| network | " << s.architecture << " |\n"
      << "| training | " << s.iterations << " iterations (the run's), "
      << fmt::format("{:.1f}", s.hours) << " hours, " << s.samples << " samples"
      << (s.continued.entry.empty()
              ? std::string()
              : fmt::format("; one run, continued from zoo entry {} at iteration {}",
                            s.continued.entry, s.continued.iteration))
      << " |\n"
      << "| CPU | " << s.cpu << " |\n\n"
      << "## Reproduce\n\n```\ninchzero run --config models/" << name << "/config.yaml --out runs/"
      << name << "\n```\n\n"
      << "`config.yaml` is the run's resolved config (seed included); `metrics.jsonl` and "
         "`learning_curve.png` are its record.";
  if (has_checkpoint)
    out << " `checkpoint.pt` is the trainer's state (network, optimizer, step) at this network's "
           "iteration: `inchzero zoo continue "
        << name
        << " --out DIR --minutes M` makes a run "
           "folder that trains it M minutes more as the same run (docs/zoo.md).";
  out << "\n\n## Play it\n\n```\n"
      << "inchzero play --opponent zoo:" << name << ":sims=400\n"
      << "inchzero match --p0 zoo:" << name << ":sims=200 --p1 uct:1000 --games 20\n"
      << "inchzero serve --model zoo:" << name << "\n```\n\n"
      << "## Ladder\n\n"
      << (ladder_md.empty() ? "Not rated yet: run `inchzero ladder` with `zoo:" + name +
                                  "` among its players and add the entry again with `--ladder`.\n"
                            : ladder_section(ladder_md) + "\n" + curve_md);
  return out.str();
}

// The ladder's player that is this network: zoo:NAME, or a net: spec whose
// path (a file or run folder, as the ladder was given it) names the same file.
std::string ladder_player(const std::string& ladder_dir, const std::string& network_file,
                          const std::string& name) {
  std::string players;
  for (const LadderPlayerRow& row : read_ladder_csv(ladder_dir + "/ladder.csv")) {
    players += (players.empty() ? "" : ", ") + row.spec;
    const PlayerSpec spec = parse_player_spec(row.spec);
    if (spec.kind != PlayerSpec::Kind::kNet) continue;
    if (spec.path == kZooPrefix + name) return row.spec;
    const std::string file = ladder_row_network_file(row.spec);
    std::error_code ec;
    if (!file.empty() && fs::equivalent(file, network_file, ec)) return row.spec;
  }
  throw GameError("ladder " + ladder_dir + " rates no player that is " + network_file +
                  " or zoo:" + name + " (players: " + players + ")");
}

void copy_into(const std::string& from, const fs::path& to) {
  std::error_code ec;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  if (ec) throw GameError("cannot copy " + from + " to " + to.string() + ": " + ec.message());
}

// A ladder folder that rates an entry's network: its report and the row
// that is the network, checked before anything is written.
struct EntryLadder {
  std::string md;      // ladder.md
  std::string player;  // the ladder.csv row of the network (metadata zoo.ladder_player)
};

EntryLadder read_entry_ladder(const std::string& ladder_dir, const std::string& network_file,
                              const std::string& name) {
  if (!fs::is_regular_file(ladder_dir + "/ladder.md"))
    throw GameError("ladder folder '" + ladder_dir + "' has no ladder.md");
  return {read_file(ladder_dir + "/ladder.md"), ladder_player(ladder_dir, network_file, name)};
}

// The Elo curve of `inputs` written into `entry_dir`/ladder (after
// copy_ladder), and its README subsection.
std::string write_entry_curve(const fs::path& entry_dir, const std::string& name,
                              const std::vector<EloCurvePoint>& points) {
  const std::string plot_error =
      points.empty() ? "" : write_elo_curve((entry_dir / "ladder").string(), name, points);
  return elo_curve_section(points, plot_error, "ladder/elo_curve.png");
}

// Copy the ladder files an entry keeps from `ladder_dir` into `entry_dir`/ladder.
void copy_ladder(const std::string& ladder_dir, const fs::path& entry_dir) {
  fs::remove_all(entry_dir / "ladder");
  fs::create_directories(entry_dir / "ladder");
  for (const char* file : kLadderFiles)
    if (fs::is_regular_file(ladder_dir + "/" + file))
      copy_into(ladder_dir + "/" + file, entry_dir / "ladder" / file);
}

// A temporary folder beside entry `name` of `zoo`, for a new or changed entry.
fs::path temporary_entry(const std::string& zoo, const std::string& name) {
  const fs::path tmp = fs::path(zoo) / ("." + name + ".tmp-" + std::to_string(getpid()));
  fs::remove_all(tmp);
  return tmp;
}

// Put the finished folder `tmp` in place of entry `name` (which may not
// exist): the old entry is moved aside first and removed after, so that
// the zoo holds one whole entry at every moment but between two renames.
void replace_entry(const std::string& zoo, const std::string& name, const fs::path& tmp) {
  const fs::path target = fs::path(zoo) / name;
  const fs::path old = fs::path(zoo) / ("." + name + ".old-" + std::to_string(getpid()));
  if (fs::exists(target)) fs::rename(target, old);
  fs::rename(tmp, target);
  fs::remove_all(old);
}

}  // namespace

RunConfig zoo_entry_config(const ZooEntry& entry) {
  try {
    return RunConfig::load(entry.config_path());
  } catch (const GameError& e) {
    throw GameError("zoo entry '" + entry.name + "' is damaged: config.yaml: " + e.what());
  }
}

std::shared_ptr<const Game> zoo_entry_game(const ZooEntry& entry) {
  const RunConfig config = zoo_entry_config(entry);
  try {
    return config.game.load();
  } catch (const GameError& e) {
    throw GameError("zoo entry '" + entry.name + "' is damaged: its rules: " + e.what());
  }
}

std::string add_zoo_entry(const std::string& zoo, const ZooAddOptions& options) {
  check_zoo_name(options.name);
  const fs::path target = fs::path(zoo) / options.name;
  if (fs::exists(target) && !options.force)
    throw GameError("zoo entry '" + options.name + "' exists in " + zoo +
                    "; add --force to replace it");
  const RunFolder run(options.run);
  if (!run.has_run()) throw GameError("no training run in '" + options.run + "' (no config.yaml)");
  if (!fs::is_regular_file(run.metrics_path()))
    throw GameError("run '" + options.run +
                    "' has no metrics.jsonl: has it finished an iteration?");
  const std::string network_file =
      resolve_network_path(options.network.empty() ? options.run : options.network);

  // The network must load and play the run's game and rules.
  const RunConfig config = RunConfig::load(run.config_path());
  const std::shared_ptr<const Game> game = config.game.load();
  const std::shared_ptr<Network> network = Network::load(network_file);
  const NetworkConfig& nc = network->config();
  const std::shared_ptr<const Encoder> encoder = make_encoder(*game);
  check_network_fits(nc, network_file, game->name(), encoder->shape().size(), game->num_actions());
  if (nc.rules != game->options().label())
    throw GameError("network " + network_file + " was trained for rules '" + nc.rules +
                    "', the run plays '" + game->options().label() + "'");
  // The entry's config and metrics are the run's: a network of another run would not match them.
  const NetworkProvenance provenance = network_provenance(network_file);
  const bool in_run = !provenance.run.empty() && fs::exists(provenance.run) &&
                      fs::equivalent(provenance.run, options.run);
  if (!provenance.run.empty() && !in_run)
    throw GameError("network " + network_file + " belongs to run " + provenance.run + ", not to " +
                    options.run);
  EntryLadder ladder;
  std::vector<EloCurvePoint> curve;
  nlohmann::json metadata = export_metadata(nc, provenance, "inchzero");
  metadata["zoo"] = {{"name", options.name}};
  if (!options.ladder.empty()) {
    ladder = read_entry_ladder(options.ladder, network_file, options.name);
    // An entry replaced by this run's network keeps its earlier points when it was of this run.
    const std::string old_entry = target.string();
    curve = entry_elo_curve({options.ladder, ladder.player, provenance.iteration,
                             run.metrics_path(), old_entry + "/ladder/elo_curve.json",
                             old_entry + "/metrics.jsonl", utc_date_today()});
    // Which row is this network, so that `zoo list` finds its rating.
    metadata["zoo"]["ladder_player"] = ladder.player;
  }

  // Everything goes to a temporary folder beside the entry, then one rename.
  fs::create_directories(zoo);
  const fs::path tmp = temporary_entry(zoo, options.name);
  fs::create_directories(tmp);
  try {
    copy_into(network_file, tmp / "network.pt");
    write_file_atomically((tmp / "metadata.json").string(), metadata.dump(1) + "\n");
    copy_into(run.config_path(), tmp / "config.yaml");
    copy_into(run.metrics_path(), tmp / "metrics.jsonl");
    const std::string learning_curve = options.run + "/learning_curve.png";
    if (fs::is_regular_file(learning_curve)) copy_into(learning_curve, tmp / "learning_curve.png");
    // The trainer's state at the same iteration, to continue training, when small.
    if (in_run && provenance.iteration >= 0) {
      const std::string ckpt = run.checkpoint_path(provenance.iteration);
      if (fs::is_regular_file(ckpt) && fs::file_size(ckpt) <= kZooCheckpointLimit)
        copy_into(ckpt, tmp / "checkpoint.pt");
    }
    std::string curve_md;
    if (!options.ladder.empty()) {
      copy_ladder(options.ladder, tmp);
      curve_md = write_entry_curve(tmp, options.name, curve);
    }
    const RunSummary summary = summarise(run, *game, *network, fs::file_size(tmp / "network.pt"));
    write_file_atomically(
        (tmp / "README.md").string(),
        readme(options.name, summary, fs::exists(tmp / "checkpoint.pt"), ladder.md, curve_md));
    // The zoo's size as it will be: the new entry is already inside it, the old one goes.
    check_zoo_size(folder_bytes(zoo) - folder_bytes(target.string()));
    replace_entry(zoo, options.name, tmp);
  } catch (...) {
    fs::remove_all(tmp);
    throw;
  }
  return target.string();
}

std::string rate_zoo_entry(const std::string& zoo, const std::string& name,
                           const std::string& ladder_dir) {
  // 1. Check everything before writing: the entry opens, the ladder rates its network.
  const ZooEntry entry = open_zoo_entry(zoo, name);
  const EntryLadder ladder = read_entry_ladder(ladder_dir, entry.network_path(), name);
  const std::vector<EloCurvePoint> curve =
      entry_elo_curve({ladder_dir, ladder.player, entry.metadata.value("iteration", -1),
                       entry.dir + "/metrics.jsonl", entry.ladder_dir() + "/elo_curve.json",
                       entry.dir + "/metrics.jsonl", utc_date_today()});
  const std::string readme_path = entry.dir + "/README.md";
  const std::string old_readme = fs::is_regular_file(readme_path) ? read_file(readme_path) : "";

  // 2. The README up to its ladder section (the last section `zoo add` writes), then the new
  // one. The search runs over "\n" + README, so a heading on the first line is found too.
  const std::string heading = "## Ladder\n";
  const size_t at = ("\n" + old_readme).rfind("\n" + heading);
  std::string head = at == std::string::npos ? old_readme : old_readme.substr(0, at);
  while (!head.empty() && head.back() == '\n') head.pop_back();
  const std::string readme_head = (head.empty() ? "" : head + "\n\n") + heading + "\n";
  nlohmann::json metadata = entry.metadata;
  metadata["zoo"]["ladder_player"] = ladder.player;

  // 3. A changed copy of the entry, renamed in its place.
  const fs::path tmp = temporary_entry(zoo, name);
  try {
    fs::copy(entry.dir, tmp, fs::copy_options::recursive);
    copy_ladder(ladder_dir, tmp);
    const std::string curve_md = write_entry_curve(tmp, name, curve);
    write_file_atomically((tmp / "README.md").string(),
                          readme_head + ladder_section(ladder.md) + "\n" + curve_md);
    write_file_atomically((tmp / "metadata.json").string(), metadata.dump(1) + "\n");
    check_zoo_size(folder_bytes(zoo) - folder_bytes(entry.dir));
    replace_entry(zoo, name, tmp);
  } catch (...) {
    fs::remove_all(tmp);
    throw;
  }
  return entry.dir;
}

namespace {

// What the checkpoint of a zoo entry says of its run: the iteration and the
// trained samples the run loop stored with it (train/run_loop.cpp, run_record).
struct CheckpointRecord {
  int iteration = -1;
  int64_t trained_samples = 0;
  double active_seconds = 0;
};

CheckpointRecord read_checkpoint_record(const std::string& path) {
  const std::unique_ptr<Trainer> trainer = Trainer::load_checkpoint(path);
  const nlohmann::json j = nlohmann::json::parse(trainer->run_record(), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("iteration"))
    throw GameError(path +
                    ": the checkpoint has no run record (an older build's): it cannot "
                    "be continued");
  return {j.value("iteration", -1), j.value("trained_samples", int64_t{0}),
          j.value("active_seconds", 0.0)};
}

// The lines of the entry's metrics.jsonl up to `iteration`, as they are
// (read_metrics has checked them): the continued run's record starts with
// the entry's, byte for byte.
std::string metrics_lines_until(const ZooEntry& entry, int iteration) {
  std::istringstream in(read_file(RunFolder(entry.dir).metrics_path()));
  std::string kept, line;
  while (std::getline(in, line)) {
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && j.value("iteration", iteration + 1) <= iteration) kept += line + "\n";
  }
  return kept;
}

void check_continue_options(const ZooContinueOptions& options) {
  if ((options.minutes > 0) == (options.iterations > 0))
    throw GameError(
        "zoo continue: give exactly one of --minutes and --iterations (more than 0): "
        "how much longer the run trains");
  if (options.out.empty()) throw GameError("zoo continue: no run folder given (--out)");
  std::error_code ec;
  if (fs::exists(options.out, ec))
    throw GameError("'" + options.out +
                    "' exists: a continued run starts in a new folder (resume it with inchzero "
                    "run --out " +
                    options.out + ")");
}

// The folder `inchzero run` resumes, written to a temporary folder beside
// `out` and renamed, so a failed write leaves nothing behind.
void write_continued_folder(const ZooEntry& entry, const std::string& out, const RunConfig& config,
                            const RunState& state, const ContinuedFrom& continued) {
  fs::path target = fs::absolute(out).lexically_normal();
  if (target.filename().empty()) target = target.parent_path();  // a trailing slash
  const fs::path tmp = target.parent_path() /
                       ("." + target.filename().string() + ".tmp-" + std::to_string(getpid()));
  fs::create_directories(target.parent_path());
  fs::remove_all(tmp);
  try {
    const RunFolder folder(tmp.string());
    folder.create();
    write_file_atomically(folder.config_path(),
                          fmt::format("# The resolved config of this run (every key; seed "
                                      "included), continued from zoo entry {} at iteration {}.\n"
                                      "# `inchzero run --out {}` resumes with it.\n",
                                      continued.entry, continued.iteration, out) +
                              config.to_yaml());
    copy_into(entry.network_path(), folder.network_path(continued.iteration));
    copy_into(entry.dir + "/checkpoint.pt", folder.checkpoint_path(continued.iteration));
    write_file_atomically(folder.metrics_path(), metrics_lines_until(entry, continued.iteration));
    folder.write_state(state);
    write_file_atomically(folder.continued_path(), continued.to_json().dump(2) + "\n");
    fs::rename(tmp, target);
  } catch (...) {
    fs::remove_all(tmp);
    throw;
  }
}

// The peak learning rate of a continued run: the option's, else the rate
// the entry's last iteration trained at (its record's train.learning_rate),
// else the recipe's. Why: a schedule over the budget (lr_horizon: budget)
// is at its floor when the entry's run ends; a longer budget would put the
// continued run back near the recipe's peak, and three continuations of
// inchworm-60 that did so (15x the entry's last rate, on a window of the
// continued run's first games) all played worse than the entry
// (docs/results/inchworm-60-continued/).
double continued_learning_rate(const ZooContinueOptions& options, const RunConfig& config,
                               const IterationRecord& last) {
  if (options.learning_rate > 0) return options.learning_rate;
  const double entry_rate = last.train.is_object() ? last.train.value("learning_rate", 0.0) : 0.0;
  return entry_rate > 0 ? entry_rate : config.trainer.learning_rate;
}

}  // namespace

std::string continue_zoo_entry(const std::string& zoo, const ZooContinueOptions& options) {
  check_continue_options(options);
  const ZooEntry entry = open_zoo_entry(zoo, options.name);
  const std::string checkpoint = entry.dir + "/checkpoint.pt";
  if (!fs::is_regular_file(checkpoint))
    throw GameError("zoo entry '" + options.name +
                    "' keeps no checkpoint.pt (its trainer state was over 5 MB when it was "
                    "added), so it cannot be continued; a new run can start from its network "
                    "with warm_start: zoo:" +
                    options.name);
  const CheckpointRecord record = read_checkpoint_record(checkpoint);
  const int iteration = entry.metadata.value("iteration", -1);
  if (record.iteration != iteration)
    throw GameError(
        fmt::format("zoo entry '{}': checkpoint.pt is of iteration {}, network.pt of "
                    "{}: not one state to continue",
                    options.name, record.iteration, iteration));
  std::vector<IterationRecord> metrics;
  for (const IterationRecord& r : RunFolder(entry.dir).read_metrics())
    if (r.iteration <= iteration) metrics.push_back(r);
  if (metrics.empty() || metrics.back().iteration != iteration)
    throw GameError(fmt::format("zoo entry '{}' is damaged: metrics.jsonl has no iteration {}",
                                options.name, iteration));
  ContinuedFrom continued;
  continued.entry = options.name;
  continued.iteration = iteration;
  continued.trained_samples = record.trained_samples;
  const nlohmann::json& replay = metrics.back().replay;  // null at iteration 0
  continued.games = replay.is_object() ? replay.value("total_games", int64_t{0}) : 0;
  RunState state;
  state.iterations = iteration;
  state.evaluated = iteration;
  state.active_seconds = std::max(record.active_seconds, metrics.back().elapsed_minutes * 60);
  state.trained_samples = record.trained_samples;
  RunConfig config = zoo_entry_config(entry);
  config.trainer.learning_rate = continued_learning_rate(options, config, metrics.back());
  config.budget.minutes = options.minutes > 0 ? state.active_seconds / 60 + options.minutes : 0;
  config.budget.iterations = options.iterations > 0 ? iteration + options.iterations : 0;
  write_continued_folder(entry, options.out, config, state, continued);
  return options.out;
}

}  // namespace inchzero
