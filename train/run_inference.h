// What the networks of a run run in and on (selfplay.precision,
// selfplay.device), shared by the run loop, its extra self-play workers and
// the commands that evaluate networks.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/device.h"
#include "model/precision.h"

namespace inchzero {

// Every network this process evaluates runs in `precision` on `device`
// (with oneDNN on the CPU). Throws GameError naming `setting` (the config
// key or option the device came from) when the device cannot be had.
void apply_inference_setting(Precision precision, const Device& device,
                             const std::string& setting = "selfplay.device");
// "inference: bf16 (selfplay.precision auto) on <cpu>\n" and the device line
// (model/device.h), for start lines.
std::string inference_line(Precision precision, const Device& device);
// The same for metrics.jsonl and command records: {"precision", "setting",
// "engine", "cpu", "device": device_record}.
nlohmann::json inference_record(Precision precision, const Device& device);

}  // namespace inchzero
