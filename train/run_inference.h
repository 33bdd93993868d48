// What the networks of a run run in (selfplay.precision), shared by the run
// loop and its extra self-play workers.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "model/precision.h"

namespace inchzero {

// Every network this process evaluates runs in `precision` (with oneDNN).
void apply_inference_setting(Precision precision);
// "inference: bf16 (selfplay.precision auto) on <cpu>\n", for start lines.
std::string inference_line(Precision precision);
// The same for metrics.jsonl.
nlohmann::json inference_record(Precision precision);

}  // namespace inchzero
