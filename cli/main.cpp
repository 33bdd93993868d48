// inchzero: AlphaZero-style self-play training for the Inchworm family.
// Dispatches to the subcommands listed in cli/commands.cpp.
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/command.h"
#include "core/game.h"
#include "core/quoted_text.h"
#include "core/stop_signals.h"
#include "lab/lab_players.h"

namespace {

// A file-system error that escaped a command, in the project's wording: the
// path(s) it concerns and the system's reason, on one line. The reasons that
// come from the name the user gave (too long, missing, a folder where a file
// was meant, not allowed) are bad input; any other (a full disk, an I/O
// error) is a failure of the work. Why here and not in every reader: a name
// reaches std::filesystem through many commands' own checks (existence,
// folder or file), and each turning the same exception into the same line
// would be that line written many times.
int report_file_system_error(const std::string& command,
                             const std::filesystem::filesystem_error& e) {
  static const std::errc kInputErrors[] = {
      std::errc::filename_too_long, std::errc::no_such_file_or_directory,
      std::errc::not_a_directory,   std::errc::is_a_directory,
      std::errc::permission_denied, std::errc::too_many_symbolic_link_levels,
      std::errc::invalid_argument,
  };
  std::string paths = "'" + inchzero::quoted_excerpt(e.path1().string()) + "'";
  if (!e.path2().empty()) paths += " and '" + inchzero::quoted_excerpt(e.path2().string()) + "'";
  std::cerr << "inchzero " << command << ": " << paths << ": " << e.code().message() << "\n";
  for (std::errc input_error : kInputErrors) {
    if (e.code() == std::make_error_condition(input_error)) return inchzero::cli::kExitBadInput;
  }
  return inchzero::cli::kExitFailure;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace inchzero::cli;
  // Before any thread starts: stop signals go to one watcher thread only.
  inchzero::route_stop_signals();
  // The lab's players (the wall-builder) are specs for every subcommand.
  inchzero::lab::register_lab_players();
  CLI::App app{"inchzero: AlphaZero-style self-play training for the Inchworm family of games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "inchzero 0.1");
  std::vector<std::pair<CLI::App*, CommandRunner>> runners;
  for (const CommandSpec& spec : command_table()) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.summary);
    runners.emplace_back(sub, spec.setup(*sub));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kExitOk : kExitBadInput;
  }
  for (auto& [sub, run] : runners) {
    if (!sub->parsed()) continue;
    try {
      return run();
    } catch (const inchzero::GameError& e) {
      std::cerr << "inchzero " << sub->get_name() << ": " << inchzero::safe_message(e.what())
                << "\n";
      return kExitBadInput;
    } catch (const std::filesystem::filesystem_error& e) {
      return report_file_system_error(sub->get_name(), e);
    } catch (const std::exception& e) {
      std::cerr << "inchzero " << sub->get_name() << ": error: " << inchzero::safe_message(e.what())
                << "\n";
      return kExitFailure;
    }
  }
  return kExitFailure;
}
