#include "server/web_export.h"

#include <filesystem>

#include "core/game.h"
#include "core/input_file.h"
#include "server/game_catalog.h"
#include "server/web_files.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;

std::string read_input(const std::string& dir, const std::string& name, const std::string& hint) {
  const std::string path = (fs::path(dir) / name).string();
  if (!input_file_problem(path).empty())
    throw GameError("web export: cannot read '" + path + "' (" + hint + ")");
  return read_input_file(path, "web export input");
}

// web/index.html, marked as an export: web/api.js then answers from the
// WebAssembly build and the ONNX model named in export.json.
std::string exported_index() {
  std::string page(*web_file("index.html"));
  const std::string head = "<head>\n";
  const size_t at = page.find(head);
  if (at == std::string::npos) throw GameError("internal: web/index.html has no <head>");
  page.insert(at + head.size(), "  <meta name=\"inchzero-export\" content=\"export.json\">\n");
  return page;
}

}  // namespace

const std::vector<std::string>& onnxruntime_web_files() {
  static const std::vector<std::string> files = {"ort.wasm.min.mjs", "ort-wasm-simd-threaded.mjs",
                                                 "ort-wasm-simd-threaded.wasm"};
  return files;
}

std::vector<std::pair<std::string, std::string>> web_export_files(const WebExportInputs& in) {
  std::vector<std::pair<std::string, std::string>> files;
  for (const std::string& path : web_file_paths())
    files.emplace_back(path,
                       path == "index.html" ? exported_index() : std::string(*web_file(path)));
  const std::string wasm_hint =
      "build it with scripts/build_wasm.sh, or name its folder with --wasm";
  for (const char* name : {"inchzero_wasm.mjs", "inchzero_wasm.wasm"})
    files.emplace_back(name, read_input(in.wasm_dir, name, wasm_hint));
  const std::string ort_hint =
      "npm's onnxruntime-web, installed by scripts/setup.sh into tests/external/node_modules; or "
      "name its dist/ folder with --onnxruntime-web";
  for (const std::string& name : onnxruntime_web_files())
    files.emplace_back("ort/" + name, read_input(in.ort_dir, name, ort_hint));
  files.emplace_back("model.onnx", in.onnx_model);
  nlohmann::json manifest = {{"format", "inchzero-web-export"},
                             {"format_version", 1},
                             {"model", "model.onnx"},
                             {"network", in.metadata},
                             {"ruleSets", rule_sets_json()}};
  if (!in.samples_json.empty()) {
    files.emplace_back("samples.json", in.samples_json);
    manifest["samples"] = "samples.json";
  }
  // The manifest last: a page that finds it finds everything it names.
  files.emplace_back("export.json", manifest.dump(1) + "\n");
  return files;
}

}  // namespace inchzero
