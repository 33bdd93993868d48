#include "model/export_interface.h"

namespace inchzero {

std::vector<ExportTensor> export_inputs(const NetworkConfig& config) {
  const ObservationShape& in = config.input;
  return {{"planes", {-1, in.channels, in.height, in.width}}};
}

std::vector<ExportTensor> export_outputs(const NetworkConfig& config) {
  std::vector<ExportTensor> outputs = {{"policy_logits", {-1, config.num_actions}},
                                       {"wdl", {-1, 3}}};
  if (config.arch.aux_outputs > 0) outputs.push_back({"aux", {-1, config.arch.aux_outputs}});
  return outputs;
}

}  // namespace inchzero
