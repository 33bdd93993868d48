// `inchzero bench <kind>`: speed measurements that print figures and their
// ratio to a reference measured in the same run (never timed unit tests).
// Each kind lives in its own file cli/bench_<kind>.cpp and is one row of the
// table below (same shape as the subcommand table: name, summary, setup).
#include <memory>
#include <vector>

#include "cli/command.h"

namespace inchzero::cli {

extern const CommandSpec kBenchNn;         // cli/bench_nn.cpp
extern const CommandSpec kBenchSelfplay;   // cli/bench_selfplay.cpp
extern const CommandSpec kBenchRules;      // cli/bench_rules.cpp
extern const CommandSpec kBenchTrain;      // cli/bench_train.cpp
extern const CommandSpec kBenchSignature;  // cli/bench_signature.cpp
extern const CommandSpec kBenchEngine;     // cli/bench_engine.cpp
extern const CommandSpec kBenchPlayers;    // cli/bench_players.cpp

namespace {

const std::vector<CommandSpec>& bench_table() {
  static const std::vector<CommandSpec> table = {
      kBenchNn,        kBenchSelfplay, kBenchRules,   kBenchTrain,
      kBenchSignature, kBenchEngine,   kBenchPlayers,
  };
  return table;
}

CommandRunner setup(CLI::App& app) {
  app.require_subcommand(1);
  auto runners = std::make_shared<std::vector<std::pair<CLI::App*, CommandRunner>>>();
  for (const CommandSpec& spec : bench_table()) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.summary);
    runners->emplace_back(sub, spec.setup(*sub));
  }
  return [runners]() {
    for (auto& [sub, run] : *runners)
      if (sub->parsed()) return run();
    return kExitFailure;
  };
}

}  // namespace

extern const CommandSpec kBenchCommand{"bench", "speed measurements (bench <kind> --help)", &setup};

}  // namespace inchzero::cli
