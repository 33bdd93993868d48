// inchzero: AlphaZero-style self-play training for the Inchworm family.
// Dispatches to the subcommands listed in cli/commands.cpp.
#include <iostream>

#include "cli/command.h"
#include "core/game.h"
#include "lab/lab_players.h"

int main(int argc, char** argv) {
  using namespace inchzero::cli;
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
      std::cerr << "inchzero " << sub->get_name() << ": " << e.what() << "\n";
      return kExitBadInput;
    } catch (const std::exception& e) {
      std::cerr << "inchzero " << sub->get_name() << ": error: " << e.what() << "\n";
      return kExitFailure;
    }
  }
  return kExitFailure;
}
