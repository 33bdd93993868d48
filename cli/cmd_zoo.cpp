// `inchzero zoo`: the model zoo (docs/zoo.md) — list its networks, show one,
// add one from a finished training run, record a ladder as an entry's rating,
// continue an entry's training as the same run. Every command that
// takes a network accepts zoo:NAME (model/network_path.h).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command.h"
#include "core/atomic_file.h"
#include "model/network.h"
#include "model/zoo.h"
#include "selfplay/eval/ladder_csv.h"
#include "train/zoo_add.h"

namespace inchzero::cli {
namespace {
namespace fs = std::filesystem;

struct ZooArgs {
  std::string zoo;  // --zoo: empty means INCHZERO_ZOO or the source tree's models/
  std::string show_name;
  ZooAddOptions add;
  std::string rate_name, rate_ladder;
  ZooContinueOptions next;
};

// The entry's rating in its own ladder: the ladder.csv row of the player
// `zoo add` recorded (metadata.json zoo.ladder_player), as "elo [low, high]";
// "-" when the entry has no ladder.
std::string ladder_elo(const ZooEntry& entry) {
  const nlohmann::json player =
      entry.metadata.value(nlohmann::json::json_pointer("/zoo/ladder_player"), nlohmann::json());
  if (!player.is_string()) return "-";
  for (const LadderPlayerRow& row : read_ladder_csv(entry.ladder_dir() + "/ladder.csv"))
    if (row.spec == player.get<std::string>())
      // Whole numbers rounded half away from zero: "{:.0f}" prints -0.4 as "-0".
      return fmt::format("{} [{}, {}]", std::lround(row.elo), std::lround(row.elo_low),
                         std::lround(row.elo_high));
  throw GameError("zoo entry '" + entry.name + "' is damaged: ladder/ladder.csv has no row '" +
                  player.get<std::string>() + "'");
}

int list(const std::string& zoo) {
  const std::vector<std::string> names = zoo_names(zoo);
  int damaged = 0;
  std::cout << fmt::format("{:<20} {:<16} {:<28} {:>8} {:>10}  {}\n", "name", "game", "rules",
                           "size KB", "iteration", "ladder Elo");
  for (const std::string& name : names) {
    try {
      const ZooEntry e = open_zoo_entry(zoo, name);
      const nlohmann::json it = e.metadata.value("iteration", nlohmann::json("?"));
      std::cout << fmt::format("{:<20} {:<16} {:<28} {:>8} {:>10}  {}\n", name, e.game(), e.rules(),
                               fs::file_size(e.network_path()) / 1024,
                               it.is_number() ? std::to_string(it.get<int>()) : "?", ladder_elo(e));
    } catch (const GameError& error) {
      // One damaged entry does not hide the others; the exit status tells.
      std::cout << fmt::format("{:<20} {}\n", name, error.what());
      ++damaged;
    }
  }
  const uint64_t bytes = folder_bytes(zoo);
  std::cout << names.size() << " networks in " << zoo << ", "
            << fmt::format("{:.1f}", bytes / 1048576.0) << " MiB of " << kZooSizeLimit / 1048576
            << " MiB\n";
  check_zoo_size(bytes);
  if (damaged > 0) {
    std::cerr << "inchzero zoo: " << damaged << " of " << names.size()
              << " entries damaged (listed above)\n";
    return kExitBadInput;
  }
  return kExitOk;
}

int show(const std::string& zoo, const std::string& name) {
  const ZooEntry e = open_zoo_entry(zoo, name);
  // The network is loaded first, so that show checks what a player would
  // load and a damaged entry prints nothing but its error.
  const std::shared_ptr<Network> network = Network::load(e.network_path());
  const NetworkConfig& c = network->config();
  std::cout << e.dir << "\n";
  std::vector<std::pair<std::string, uintmax_t>> files;
  for (const auto& file : fs::recursive_directory_iterator(e.dir))
    if (file.is_regular_file())
      files.emplace_back(fs::relative(file.path(), e.dir).string(), file.file_size());
  std::sort(files.begin(), files.end());
  for (const auto& [file, bytes] : files)
    std::cout << fmt::format("  {:<24} {:>10} bytes\n", file, bytes);
  std::cout << "game " << e.game() << ", rules " << e.rules() << "; network " << c.game << " ("
            << (c.rules.empty() ? "default" : c.rules) << "), " << c.arch.blocks << " blocks x "
            << c.arch.channels << " channels, " << network->parameter_count() << " parameters\n\n";
  if (fs::is_regular_file(e.dir + "/README.md")) std::cout << read_file(e.dir + "/README.md");
  return kExitOk;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ZooArgs>();
  app.require_subcommand(1);
  const std::string zoo_help =
      "the zoo folder (default: $INCHZERO_ZOO, else models/ of the source tree)";
  CLI::App* list_app = app.add_subcommand(
      "list",
      "every network: name, game, rules, size, iteration, ladder Elo; the zoo's size (exit 2 "
      "when an entry is damaged or the zoo is over 100 MiB)");
  list_app->add_option("--zoo", args->zoo, zoo_help);
  CLI::App* show_app =
      app.add_subcommand("show", "one network: its files, game, rules, the network loaded, README");
  show_app->add_option("name", args->show_name, "the entry's name")->required();
  show_app->add_option("--zoo", args->zoo, zoo_help);
  CLI::App* add_app = app.add_subcommand(
      "add", "make an entry from a finished training run (checked, written whole or not at all)");
  add_app->add_option("--run", args->add.run, "the training run's folder")->required();
  add_app->add_option("--name", args->add.name, "the entry's name, [a-z0-9-]+ (e.g. inchworm-60)")
      ->required();
  add_app->add_option("--network", args->add.network,
                      "a network file of the run (default: its newest network)");
  add_app->add_option("--ladder", args->add.ladder,
                      "a ladder folder (inchzero ladder --out) rating this network");
  add_app->add_flag("--force", args->add.force, "replace an entry of the same name");
  add_app->add_option("--zoo", args->zoo, zoo_help);
  CLI::App* rate_app = app.add_subcommand(
      "rate",
      "record a ladder as an entry's rating: its ladder/ files, README section and ladder player "
      "(checked, written whole or not at all)");
  rate_app->add_option("name", args->rate_name, "the entry's name")->required();
  rate_app
      ->add_option("--ladder", args->rate_ladder,
                   "a ladder folder (inchzero ladder --out) rating this network as zoo:NAME or "
                   "net:FILE")
      ->required();
  rate_app->add_option("--zoo", args->zoo, zoo_help);
  CLI::App* continue_app = app.add_subcommand(
      "continue",
      "make a run folder that trains an entry further as the same run (its checkpoint, config, "
      "metrics and time); then `inchzero run --out DIR` trains and resumes it");
  continue_app->add_option("name", args->next.name, "the entry's name")->required();
  continue_app->add_option("--out", args->next.out, "the new run folder (must not exist)")
      ->required();
  auto* minutes = continue_app->add_option(
      "--minutes", args->next.minutes,
      "train this many minutes more: the budget becomes the run's time so far plus this");
  auto* iterations = continue_app->add_option(
      "--iterations", args->next.iterations,
      "or this many iterations more: the budget becomes the entry's iteration plus this");
  minutes->excludes(iterations);
  continue_app
      ->add_option("--learning-rate", args->next.learning_rate,
                   "the continued run's peak learning rate (default: the rate the entry's last "
                   "iteration trained at, so the schedule goes on from where the entry left it)")
      ->check(CLI::PositiveNumber);
  continue_app->add_option("--zoo", args->zoo, zoo_help);
  app.footer(
      "Any command that takes a network accepts zoo:NAME (players: zoo:NAME[:sims=N]); "
      "see docs/zoo.md.");
  return [args, list_app, show_app, rate_app, continue_app]() {
    const std::string zoo = zoo_dir(args->zoo);
    if (list_app->parsed()) return list(zoo);
    if (show_app->parsed()) return show(zoo, args->show_name);
    if (continue_app->parsed()) {
      const std::string dir = continue_zoo_entry(zoo, args->next);
      std::cout << "continued " << args->next.name << " in " << dir
                << "; train it with: inchzero run --out " << dir << "\n";
      return kExitOk;
    }
    if (rate_app->parsed()) {
      const std::string dir = rate_zoo_entry(zoo, args->rate_name, args->rate_ladder);
      std::cout << "rated " << dir << "\n";
      return kExitOk;
    }
    const std::string dir = add_zoo_entry(zoo, args->add);
    std::cout << "added " << dir << "\n";
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kZooCommand{
    "zoo",
    "the model zoo: list, show, add a trained network, rate it, continue its training "
    "(zoo:NAME plays anywhere)",
    &setup};

}  // namespace inchzero::cli
