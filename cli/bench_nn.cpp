// `inchzero bench nn`: evaluations/s of the default network at batch sizes
// 1..256, GFLOP/s from the analytic FLOP count and the share of a torch::mm
// peak measured in the same run on the same threads.
#include <iostream>

#include "cli/command.h"
#include "model/nn_bench.h"

namespace inchzero::cli {
namespace {

// The Inchworm 8×8 binding until the Inchworm encoder is registered: 16
// planes (a stand-in count) and the game's 5·64+3 = 323 decision actions.
NetworkConfig default_bench_network() {
  NetworkConfig c;
  c.game = "inchworm";
  c.rules = "original (stand-in input shape)";
  c.input = {16, 8, 8};
  c.num_actions = 323;
  return c;
}

struct BenchNnArgs {
  NnBenchOptions options;
  int max_batch = 256;
};

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchNnArgs>();
  args->options.network = default_bench_network();
  auto& arch = args->options.network.arch;
  app.add_option("--blocks", arch.blocks, "residual blocks")->capture_default_str();
  app.add_option("--channels", arch.channels, "trunk channels")->capture_default_str();
  app.add_option("--threads", args->options.threads, "compute threads (torch + OpenBLAS)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--max-batch", args->max_batch, "largest batch (powers of two from 1)")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  app.add_option("--seconds", args->options.seconds_per_point, "minimum timing per batch size")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 60.0));
  return [args]() {
    validate(args->options.network);
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
