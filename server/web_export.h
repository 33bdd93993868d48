// `inchzero export --format web`: a folder any static file server serves that
// plays a network in the browser (docs/export.md): the browser UI of
// `inchzero serve` (web/), the rules, encoders and search compiled to
// WebAssembly (wasm/, built into build-wasm/ by scripts/build_wasm.sh), the
// network as ONNX run by onnxruntime-web, and export.json, which tells the
// page (web/api.js) to answer from them instead of a server.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace inchzero {

struct WebExportInputs {
  nlohmann::json metadata;   // the network's export metadata (export_metadata.h)
  std::string onnx_model;    // the network as ONNX bytes
  std::string samples_json;  // reference samples (export_samples.h), or empty
  std::string wasm_dir;      // inchzero_wasm.js and inchzero_wasm.wasm
  std::string ort_dir;       // onnxruntime-web's dist/ folder (npm)
};

// The export's files, (path relative to the folder, content), computed
// before anything is written. Throws GameError naming a missing input file
// and how to get it.
std::vector<std::pair<std::string, std::string>> web_export_files(const WebExportInputs& inputs);

// The files of onnxruntime-web an export ships (relative to its dist/):
// the WebAssembly-only build, one thread (a static server sends no
// cross-origin isolation headers, without which browsers refuse threads).
const std::vector<std::string>& onnxruntime_web_files();

}  // namespace inchzero
