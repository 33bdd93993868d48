// `inchzero export`: write a saved network in the portable form read by
// scripts/inchzero_model.py (numpy) and other front ends (docs/model-format.md).
#include <iostream>

#include "cli/command.h"
#include "core/registry.h"
#include "model/encoder.h"
#include "model/export.h"

namespace inchzero::cli {
namespace {

// The input plane names of the network's game, when its encoder names them
// (the default rule set is enough: names do not depend on options).
std::vector<std::string> plane_names(const NetworkConfig& config) {
  try {
    auto names = make_encoder(*load_game(config.game))->plane_names();
    if (static_cast<int>(names.size()) == config.input.channels) return names;
  } catch (const GameError&) {
    // A game or encoder this build does not have: export without names.
  }
  return {};
}

struct ExportArgs {
  std::string model;
  std::string out;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ExportArgs>();
  app.add_option("--model", args->model, "saved network file (.pt)")->required();
  app.add_option("--out", args->out, "output directory (model.json + weights.bin)")->required();
  return [args]() {
    auto network = Network::load(args->model);
    export_network(*network, args->out, plane_names(network->config()));
    const auto& c = network->config();
    std::cout << "exported " << args->model << " (" << c.game << ", " << c.arch.blocks
              << " blocks x " << c.arch.channels << " channels, " << network->parameter_count()
              << " parameters) to " << args->out << "/model.json + weights.bin\n";
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kExportCommand{
    "export", "write a network as JSON header + float32 blob for other front ends", &setup};

}  // namespace inchzero::cli
