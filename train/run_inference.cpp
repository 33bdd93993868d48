#include "train/run_inference.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "model/backend.h"
#include "model/cpu_features.h"

namespace inchzero {

InferenceOptions inference_options(Precision precision, const Device& device,
                                   const std::string& setting) {
  return {precision, InferenceEngine::kOnednn, resolve_device(device, setting)};
}

std::string inference_line(Precision precision, const Device& device) {
  return fmt::format("inference: {} (selfplay.precision {}) on {}\n{}\n",
                     to_string(resolve_precision(precision)), to_string(precision),
                     cpu_features().describe(),
                     device_line(resolve_device(device, "selfplay.device"), device));
}

nlohmann::json inference_record(Precision precision, const Device& device, InferenceEngine engine) {
  return {{"precision", to_string(resolve_precision(precision))},
          {"setting", to_string(precision)},
          {"engine", to_string(engine)},
          {"cpu", cpu_features().describe()},
          {"device", device_record(resolve_device(device, "selfplay.device"), device)}};
}

}  // namespace inchzero
