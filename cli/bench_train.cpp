// `inchzero bench train`: trainer steps/s on random batches for a network on
// --game's input shape, per training precision (fp32, bf16 autocast), against
// the CPU's peaks and the BLAS figure measured in the same run.
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "model/encoder.h"
#include "train/run_config.h"
#include "train/train_bench.h"

namespace inchzero::cli {
namespace {

struct BenchTrainArgs {
  GameSelection selection;
  TrainBenchOptions options;
  std::string device;  // empty: the CPU rows only
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchTrainArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  auto& o = args->options;
  // The default run's network and trainer settings, unless overridden.
  const RunConfig defaults = RunConfig::load("inchworm");
  o.network.arch = defaults.network;
  o.trainer = defaults.trainer;
  app.add_option("--blocks", o.network.arch.blocks, "residual blocks")->capture_default_str();
  app.add_option("--channels", o.network.arch.channels, "trunk channels")->capture_default_str();
  app.add_option("--batch", o.trainer.batch_size, "samples per step")
      ->capture_default_str()
      ->check(CLI::Range(1, 65536));
  app.add_option("--optimizer", o.trainer.optimizer, "adamw or sgd")
      ->capture_default_str()
      ->check(CLI::IsMember({"adamw", "sgd"}));
  app.add_option("--precision", o.precisions,
                 "training precisions, comma-separated: fp32, bf16 (autocast, fp32 master weights)")
      ->delimiter(',')
      ->capture_default_str()
      ->check(CLI::IsMember({"fp32", "bf16"}));
  app.add_option("--threads", o.threads, "compute threads (torch + OpenBLAS)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--seconds", o.seconds, "minimum timing")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 600.0));
  app.add_option("--device", args->device,
                 "also measure this device's bf16 matrix-product peak and train there, beside the "
                 "CPU rows: cpu | cuda | cuda:N | auto");
  return [args]() {
    if (!args->device.empty()) {
      args->options.measure_device = true;
      args->options.device = resolve_device(parse_device_option(args->device), "--device");
    }
    const auto game = args->selection.load();
    NetworkConfig& network = args->options.network;
    network = network_config_for(*game, network.arch);
    validate(args->options.trainer);
    const TrainBenchResult result = run_train_bench(args->options);
    print_train_bench(args->options, result, std::cout);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchTrain{
    "train", "trainer samples/s per precision on random batches vs. the CPU's peaks", &setup};

}  // namespace inchzero::cli
