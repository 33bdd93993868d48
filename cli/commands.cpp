// The one table of subcommands. Each is defined in its own cli/cmd_<name>.cpp.
#include "cli/command.h"

namespace inchzero::cli {

extern const CommandSpec kAnalyseCommand;
extern const CommandSpec kBenchCommand;
extern const CommandSpec kExportCommand;
extern const CommandSpec kGenerateCommand;
extern const CommandSpec kLabCommand;
extern const CommandSpec kLadderCommand;
extern const CommandSpec kMatchCommand;
extern const CommandSpec kPerftCommand;
extern const CommandSpec kPlayCommand;
extern const CommandSpec kRulesCommand;
extern const CommandSpec kRunCommand;
extern const CommandSpec kSelfplayCommand;
extern const CommandSpec kServeCommand;
extern const CommandSpec kShardsCommand;
extern const CommandSpec kShowCommand;
extern const CommandSpec kSolveCommand;
extern const CommandSpec kTrainCommand;
extern const CommandSpec kUciCommand;
extern const CommandSpec kZooCommand;

const std::vector<CommandSpec>& command_table() {
  // One subcommand per line.
  // clang-format off
  static const std::vector<CommandSpec> table = {
      kShowCommand,
      kPerftCommand,
      kSolveCommand,
      kRulesCommand,
      kMatchCommand,
      kLabCommand,
      kLadderCommand,
      kBenchCommand,
      kGenerateCommand,
      kShardsCommand,
      kExportCommand,
      kAnalyseCommand,
      kUciCommand,
      kPlayCommand,
      kZooCommand,
      kServeCommand,
      kRunCommand,
      kSelfplayCommand,
      kTrainCommand,
  };
  // clang-format on
  return table;
}

}  // namespace inchzero::cli
