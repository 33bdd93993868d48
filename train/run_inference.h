// What the networks of a run run in and on (selfplay.precision,
// selfplay.device), shared by the run loop, its extra self-play workers and
// the commands that evaluate networks.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/backend.h"
#include "model/device.h"
#include "model/precision.h"

namespace inchzero {

// The inference options of `precision` on `device` (with oneDNN on the
// CPU), the device resolved (model/device.h), for every backend and network
// player the caller builds. Throws GameError naming `setting` (the config
// key or option the device came from) when the device cannot be had.
InferenceOptions inference_options(Precision precision, const Device& device,
                                   const std::string& setting = "selfplay.device");
// "inference: bf16 (selfplay.precision auto) on <cpu>\n" and the device line
// (model/device.h), for start lines.
std::string inference_line(Precision precision, const Device& device);
// The same for metrics.jsonl and command records: {"precision", "setting",
// "engine", "cpu", "device": device_record}.
nlohmann::json inference_record(Precision precision, const Device& device,
                                InferenceEngine engine = InferenceEngine::kOnednn);

}  // namespace inchzero
