#include "train/run_inference.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "model/backend.h"
#include "model/cpu_features.h"

namespace inchzero {

void apply_inference_setting(Precision precision) {
  set_default_inference({precision, InferenceEngine::kOnednn});
}

std::string inference_line(Precision precision) {
  return fmt::format("inference: {} (selfplay.precision {}) on {}\n",
                     to_string(resolve_precision(precision)), to_string(precision),
                     cpu_features().describe());
}

nlohmann::json inference_record(Precision precision) {
  return {{"precision", to_string(resolve_precision(precision))},
          {"setting", to_string(precision)},
          {"engine", to_string(default_inference().engine)},
          {"cpu", cpu_features().describe()}};
}

}  // namespace inchzero
