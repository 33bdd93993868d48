// `inchzero export`: write a saved network for other front ends
// (docs/export.md): ONNX, TorchScript, the portable JSON + float32 blob
// read by scripts/inchzero_model.py (docs/model-format.md), or a static web
// folder that plays it in a browser (server/web_export.h), optionally with
// reference samples from real self-play games to check an integration.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "core/atomic_file.h"
#include "core/registry.h"
#include "model/encoder.h"
#include "model/export.h"
#include "model/export_metadata.h"
#include "model/network_path.h"
#include "model/onnx_export.h"
#include "model/torchscript_export.h"
#include "selfplay/export_samples.h"
#include "server/web_export.h"
#include "train/network_provenance.h"

namespace inchzero::cli {
namespace {

namespace fs = std::filesystem;

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
  std::string format = "portable";
  std::string model;
  std::string out;
  int samples = 0;
  std::vector<std::string> samples_from;
  uint64_t samples_seed = 1;
  // --format web: where the WebAssembly build and onnxruntime-web are.
  std::string wasm_dir = INCHZERO_SOURCE_DIR "/build-wasm";
  std::string ort_dir = INCHZERO_SOURCE_DIR "/tests/external/node_modules/onnxruntime-web/dist";
};

// PATH with its extension replaced: net.onnx -> net.json, net.samples.json.
std::string beside(const std::string& path, const std::string& suffix) {
  fs::path p(path);
  return (p.parent_path() / (p.stem().string() + suffix)).string();
}

// Write every file, all or none: each content goes to PATH.part (itself
// written through a temporary and flushed), then every .part is renamed into
// place. When a write fails, the .part files are removed and the previous
// files, if any, stay as they were.
void write_all(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> parts;
  try {
    for (const auto& [path, content] : files) {
      write_file_atomically(path + ".part", content);
      parts.push_back(path + ".part");
    }
  } catch (const std::runtime_error& e) {
    for (const std::string& part : parts) fs::remove(part);
    throw GameError(e.what());
  }
  for (const auto& file : files) fs::rename(file.first + ".part", file.first);
}

// The shards the samples come from: --samples-from, or the run's shards/.
std::vector<std::string> sample_sources(const ExportArgs& args,
                                        const NetworkProvenance& provenance) {
  if (!args.samples_from.empty()) return args.samples_from;
  if (!provenance.run.empty() && fs::is_directory(fs::path(provenance.run) / "shards"))
    return {(fs::path(provenance.run) / "shards").string()};
  throw GameError("--samples needs games to draw positions from: '" + args.model +
                  "' is not a network of a run folder with shards (RUN/networks/net-NNNNNN.pt); "
                  "give --samples-from SHARDS (files or folders, e.g. from `inchzero generate`)");
}

CommandRunner setup(CLI::App& app) {
  auto args = std::make_shared<ExportArgs>();
  app.footer(
      "Formats (docs/export.md):\n"
      "  --format onnx         OUT is a .onnx file (opset 13, dynamic batch \"batch\"); the\n"
      "                        metadata also goes to OUT with .json for its extension\n"
      "  --format torchscript  OUT is a TorchScript archive for torch.jit.load (forward(planes)\n"
      "                        -> (policy_logits, wdl[, aux]); metadata.json inside and beside)\n"
      "  --format portable     OUT is a directory: model.json + weights.bin\n"
      "                        (docs/model-format.md; scripts/inchzero_model.py)\n"
      "  --format web          OUT is a directory any static file server serves: the browser\n"
      "                        UI playing the network, with the rules, encoder and search in\n"
      "                        WebAssembly and the network run by onnxruntime-web\n"
      "--samples N adds N reference positions from real self-play games with their planes and\n"
      "this network's outputs (OUT with .samples.json; portable: OUT/samples.json), to check\n"
      "a front end against.");
  app.add_option("--format", args->format, "onnx | torchscript | portable | web")
      ->check(CLI::IsMember({"onnx", "torchscript", "portable", "web"}))
      ->capture_default_str();
  app.add_option("--model", args->model,
                 "saved network file (.pt), run folder (its newest) or zoo:NAME")
      ->required();
  app.add_option("--out", args->out,
                 "output file (onnx, torchscript) or directory (portable, model.json + "
                 "weights.bin)")
      ->required();
  app.add_option("--samples", args->samples,
                 "reference positions to write with the network's outputs (0 = none)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  app.add_option("--samples-from", args->samples_from,
                 "shard files or folders to draw the positions from (default: the shards of "
                 "the run the network belongs to)");
  app.add_option("--samples-seed", args->samples_seed, "seed of the choice of positions")
      ->capture_default_str();
  app.add_option("--wasm", args->wasm_dir,
                 "--format web: the folder of the WebAssembly build (scripts/build_wasm.sh)")
      ->capture_default_str();
  app.add_option("--onnxruntime-web", args->ort_dir,
                 "--format web: onnxruntime-web's dist/ folder (npm)")
      ->capture_default_str();
  return [args]() {
    const bool portable = args->format == "portable" || args->format == "web";
    if (!portable && fs::path(args->out).extension() == ".json")
      throw GameError("--out '" + args->out +
                      "' ends in .json, the name of the metadata file written beside the model");
    // A run folder or zoo:NAME names a network file too.
    const std::string network_file = resolve_network_path(args->model);
    auto network = Network::load(network_file);
    const NetworkConfig& c = network->config();
    const NetworkProvenance provenance = network_provenance(network_file);

    // Everything is computed before anything is written.
    std::vector<std::pair<std::string, std::string>> files;
    std::string samples_path;
    if (args->samples > 0) {
      auto game = load_game_from_label(c.game, c.rules);
      const auto samples = collect_export_samples(
          *network, *game, sample_sources(*args, provenance), args->samples, args->samples_seed);
      samples_path = portable ? (fs::path(args->out) / "samples.json").string()
                              : beside(args->out, ".samples.json");
      files.emplace_back(
          samples_path,
          export_samples_json(*network, *game, samples, args->samples_seed).dump() + "\n");
    }
    if (args->format == "web") {
      WebExportInputs web;
      web.metadata = export_metadata(c, provenance, "onnx");
      web.onnx_model = onnx_model_bytes(*network, web.metadata);
      if (!files.empty()) web.samples_json = files.front().second;
      web.wasm_dir = args->wasm_dir;
      web.ort_dir = args->ort_dir;
      files.clear();
      for (auto& [path, content] : web_export_files(web)) {
        const fs::path full = fs::path(args->out) / path;
        fs::create_directories(full.parent_path());
        files.emplace_back(full.string(), std::move(content));
      }
      write_all(files);
    } else if (portable) {
      write_all(files);
      try {
        export_network(*network, args->out, plane_names(c));
      } catch (const GameError&) {
        if (!samples_path.empty()) fs::remove(samples_path);
        throw;
      }
    } else {
      const nlohmann::json metadata = export_metadata(c, provenance, args->format);
      const std::string model = args->format == "onnx"
                                    ? onnx_model_bytes(*network, metadata)
                                    : torchscript_archive_bytes(*network, metadata);
      // The model last: a reader that finds it finds its metadata and samples.
      files.emplace_back(beside(args->out, ".json"), metadata.dump(1) + "\n");
      files.emplace_back(args->out, model);
      write_all(files);
    }
    std::cout << "exported " << args->model << " (" << c.game << ", " << c.arch.blocks
              << " blocks x " << c.arch.channels << " channels, " << network->parameter_count()
              << " parameters) as " << args->format << " to "
              << (args->format == "web"
                      ? args->out + "/ (serve it: python3 -m http.server -d " + args->out + ")"
                  : portable ? args->out + "/model.json + weights.bin"
                             : args->out + " + " + beside(args->out, ".json"))
              << "\n";
    if (!samples_path.empty())
      std::cout << "reference samples: " << args->samples << " positions in " << samples_path
                << "\n";
    return kExitOk;
  };
}

}  // namespace

extern const CommandSpec kExportCommand{
    "export", "write a network as ONNX, TorchScript or a portable JSON + float32 blob", &setup};

}  // namespace inchzero::cli
