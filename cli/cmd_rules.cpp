// `inchzero rules`: list games, their shipped rule sets and options, and check
// rule files (unknown keys and bad values are errors that name them).
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "core/registry.h"

namespace inchzero::cli {
namespace {

struct RulesArgs {
  GameSelection selection;
  bool options = false;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<RulesArgs>();
  args->selection.add_options(app, false);
  app.add_flag("--options", args->options, "print the table of every rule option of --game");
  app.footer(
      "Without --rules: lists the games and their shipped rule sets.\n"
      "With --rules/--set: checks them and prints the effective options.");
  return [args]() {
    const GameEntry& entry = find_game(args->selection.game);
    if (args->options) {
      std::cout << entry.schema().describe();
      return kExitOk;
    }
    if (args->selection.rules.empty() && args->selection.overrides.empty()) {
      for (const auto& e : game_table()) {
        std::cout << e.name << ": " << e.summary << "\n  rule sets:";
        for (const auto& n : shipped_rule_names(e.name)) std::cout << " " << n;
        std::cout << "\n";
      }
      return kExitOk;
    }
    auto game = args->selection.load();
    std::cout << "# " << game->options().label() << "\n" << game->options().to_yaml();
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kRulesCommand{
    "rules", "list games, rule sets and options; check a rule file", &setup};

}  // namespace inchzero::cli
