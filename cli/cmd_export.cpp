// `inchzero export`: write a saved network in the portable form read by
// scripts/inchzero_model.py (numpy) and other front ends (docs/model-format.md).
#include <iostream>

#include "cli/command.h"
#include "model/export.h"

namespace inchzero::cli {
namespace {

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
    export_network(*network, args->out);
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
