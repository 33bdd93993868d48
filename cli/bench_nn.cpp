// `inchzero bench nn`: evaluations/s of networks (the default run's, 4x64 and
// 6x96 unless --nets says otherwise) on --game's input shape and action space,
// per precision and batch size, as GFLOP/s from the analytic FLOP count and as
// shares of the CPU's fp32 FMA, bf16 dot-product and AMX peaks and of the BLAS
// figure, all measured in the same run on the same threads.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/command.h"
#include "cli/game_selection.h"
#include "cli/network_choice.h"
#include "model/cpu_features.h"
#include "model/encoder.h"
#include "model/nn_bench.h"
#include "model/onednn_network.h"
#include "train/run_config.h"

namespace inchzero::cli {
namespace {

struct BenchNnArgs {
  GameSelection selection;  // the game's encoder and action space give the network's shape
  NnBenchOptions options;
  std::string layout = kInferenceLayout == WeightLayout::kChannelsLast ? "nhwc" : "nchw";
  std::vector<std::string> nets{"default", "4x64", "6x96"};
  std::vector<int> batches{1, 2, 4, 8, 16, 32, 64, 128, 256};
  std::vector<std::string> precisions{"fp32", "bf16", "auto"};
  std::vector<std::string> engines{"onednn"};
  std::string device;  // empty: no device peak (the CPU figures only)
  bool json = false;
};

// "default" (the embedded default run config's network) or BLOCKSxCHANNELS;
// other head sizes as the default run's.
NetworkArchitecture parse_net(const std::string& text) {
  NetworkArchitecture arch = RunConfig::load("inchworm").network;
  if (text == "default") return arch;
  int blocks = 0, channels = 0;
  char x = 0, rest = 0;
  std::istringstream in(text);
  if (!(in >> blocks >> x >> channels) || x != 'x' || in >> rest)
    throw GameError("--nets: '" + text + "' is not 'default' or BLOCKSxCHANNELS (e.g. 4x64)");
  arch.blocks = blocks;
  arch.channels = channels;
  return arch;
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<BenchNnArgs>();
  args->selection.add_options(app, /*with_position=*/false);
  app.add_option("--nets", args->nets,
                 "networks: 'default' (the default run's) or BLOCKSxCHANNELS, comma-separated")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--batch", args->batches, "batch sizes, comma-separated")
      ->delimiter(',')
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  app.add_option("--precision", args->precisions,
                 "precisions, comma-separated: fp32, bf16, auto (bf16 where the CPU has it)")
      ->delimiter(',')
      ->capture_default_str()
      ->check(CLI::IsMember({"fp32", "bf16", "auto"}));
  app.add_option("--engine", args->engines,
                 "inference engines, comma-separated: onednn (inchzero's), torch (LibTorch's "
                 "modules, the reference)")
      ->delimiter(',')
      ->capture_default_str()
      ->check(CLI::IsMember({"onednn", "torch"}));
  app.add_option("--threads", args->options.threads, "compute threads (torch + OpenBLAS)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--layout", args->layout, "conv weight layout: nhwc (channels-last) or nchw")
      ->check(CLI::IsMember({"nhwc", "nchw"}))
      ->capture_default_str();
  app.add_option("--seconds", args->options.seconds_per_point, "minimum timing per measurement")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 60.0));
  app.add_option("--rounds", args->options.rounds,
                 "network slices per point, each between two peak measurements; the share of the "
                 "peak is the median round (the machine's speed changes within a run)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  app.add_option("--device", args->device,
                 "also measure this device's bf16 matrix-product peak and run the networks there: "
                 "cpu | cuda | cuda:N | auto; without --nets/--batch it times default,6x96,10x128 "
                 "at batches 1..4096 (docs/gpu.md)");
  app.add_flag("--layers", args->options.layers,
               "also time each layer of the oneDNN engine at every net, precision and batch: "
               "where a call's time goes, with each layer's share of the peak");
  app.add_flag("--json", args->json,
               "print one JSON object per measurement and line (peaks, BLAS, every network row) "
               "instead of tables");
  return [args, &app]() {
    const auto game = args->selection.load();
    NnBenchOptions& o = args->options;
    Device device;
    if (!args->device.empty()) {
      device = resolve_device(parse_device_option(args->device), "--device");
      o.device = device;
      // The sizes: the default net, 6x96 and 10x128, batches 1 to 4096.
      if (app.count("--nets") == 0) args->nets = {"default", "6x96", "10x128"};
      if (app.count("--batch") == 0) args->batches = {1, 4, 16, 64, 256, 1024, 4096};
    }
    for (const std::string& text : args->nets) {
      o.networks.push_back(network_config_for(*game, parse_net(text)));
    }
    // The default list leaves out what this CPU cannot run, and says so; a
    // precision asked for by name is refused by name (exit 2) instead.
    if (app.count("--precision") == 0 && !onednn_supports_bf16()) {
      args->precisions.erase(std::remove(args->precisions.begin(), args->precisions.end(), "bf16"),
                             args->precisions.end());
      std::cerr << "bench nn: bf16 left out: oneDNN's bf16 needs AVX-512, which this CPU has not ("
                << cpu_features().describe() << "); auto runs fp32 here\n";
    }
    for (const std::string& p : args->precisions) o.precisions.push_back(parse_precision(p));
    o.engines.clear();
    for (const std::string& e : args->engines) o.engines.push_back(parse_inference_engine(e));
    o.batches = args->batches;
    o.layout = args->layout == "nhwc" ? WeightLayout::kChannelsLast : WeightLayout::kNchw;
    PeakReference reference =
        measure_reference(o.threads, std::max(0.3, std::min(1.0, o.seconds_per_point)));
    if (!args->device.empty())
      measure_device_peak(reference, device, std::max(0.3, std::min(1.0, o.seconds_per_point)));
    const auto rows = run_nn_bench(o, reference, std::cerr);
    const auto layers = o.layers ? time_nn_layers(o, reference) : std::vector<NnLayerRow>{};
    if (args->json) {
      print_reference_json(reference, std::cout);
      for (const auto& row : rows) std::cout << to_json(row, reference).dump() << "\n";
      for (const auto& row : layers) std::cout << to_json(row, reference).dump() << "\n";
    } else {
      print_nn_bench(o, reference, rows, std::cout);
      print_nn_layers(layers, std::cout);
    }
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kBenchNn{
    "nn", "network evaluations/s per net, precision and batch vs. the CPU's measured peaks",
    &setup};

}  // namespace inchzero::cli
