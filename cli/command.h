// The subcommand table of the `inchzero` binary. Each subcommand lives in its
// own file cli/cmd_<name>.cpp and exposes one `CommandSpec`; cli/commands.cpp
// lists them. `setup` declares the subcommand's options on its CLI11 app and
// returns the function that runs it once the arguments are parsed.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace inchzero::cli {

// Exit codes shared by every subcommand.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;   // the work itself failed
constexpr int kExitBadInput = 2;  // a malformed move, rule file, config, shard, …

using CommandRunner = std::function<int()>;

struct CommandSpec {
  const char* name;
  const char* summary;
  CommandRunner (*setup)(CLI::App& app);
};

const std::vector<CommandSpec>& command_table();

}  // namespace inchzero::cli
