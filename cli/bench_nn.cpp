// `inchzero bench nn`: evaluations/s of the default network (on the input
// shape and action space of --game, default Inchworm 8×8) at batch sizes 1..256, GFLOP/s from the
// analytic FLOP count and the share of a torch::mm peak measured in the same run on the same
// threads.
#include <iostream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "model/encoder.h"
#include "model/nn_bench.h"

namespace inchzero::cli {
namespace {

struct BenchNnArgs {
  GameSelection selection;  // the game's encoder and action space give the network's shape
  NnBenchOptions options;
  std::string layout = kInferenceLayout == WeightLayout::kChannelsLast ? "nhwc" : "nchw";
  int max_batch = 256;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchNnArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  auto& arch = args->options.network.arch;
  app.add_option("--blocks", arch.blocks, "residual blocks")->capture_default_str();
  app.add_option("--channels", arch.channels, "trunk channels")->capture_default_str();
  app.add_option("--threads", args->options.threads, "compute threads (torch + OpenBLAS)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--layout", args->layout, "conv weight layout: nhwc (channels-last) or nchw")
      ->check(CLI::IsMember({"nhwc", "nchw"}))
      ->capture_default_str();
  app.add_option("--max-batch", args->max_batch, "largest batch (powers of two from 1)")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  app.add_option("--seconds", args->options.seconds_per_point, "minimum timing per batch size")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 60.0));
  return [args]() {
    const auto game = args->selection.load();
    NetworkConfig& network = args->options.network;
    network.game = game->name();
    network.rules = game->options().label();
    network.input = make_encoder(*game)->shape();
    network.num_actions = game->num_actions();
    validate(network);
    args->options.layout =
        args->layout == "nhwc" ? WeightLayout::kChannelsLast : WeightLayout::kNchw;
    for (int b = 1; b <= args->max_batch; b *= 2) args->options.batches.push_back(b);
    NnBenchResult result = run_nn_bench(args->options, std::cerr);
    print_nn_bench(args->options, result, std::cout);
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchNn{"nn", "network evaluations/s per batch size vs. a matmul peak",
                                  &setup};

}  // namespace inchzero::cli
