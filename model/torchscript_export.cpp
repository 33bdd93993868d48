#include "model/torchscript_export.h"

#include <torch/csrc/jit/api/module.h>
#include <torch/types.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace inchzero {
namespace {

std::string attribute(std::string parameter) {
  std::replace(parameter.begin(), parameter.end(), '.', '_');
  return parameter;
}

// `torch.conv2d(x, w, b, stride, padding)` of NetworkModule's convolutions.
std::string conv(const std::string& in, const std::string& layer, int kernel) {
  const std::string pad = std::to_string(kernel / 2);
  return "torch.conv2d(" + in + ", self." + layer + "_weight, self." + layer + "_bias, [1, 1], [" +
         pad + ", " + pad + "])";
}

std::string linear(const std::string& in, const std::string& layer) {
  return "torch.linear(" + in + ", self." + layer + "_weight, self." + layer + "_bias)";
}

}  // namespace

std::string torchscript_forward_source(const NetworkConfig& c) {
  const bool aux = c.arch.aux_outputs > 0;
  std::ostringstream s;
  s << "def forward(self, planes: Tensor) -> Tuple[Tensor, Tensor" << (aux ? ", Tensor" : "")
    << "]:\n";
  s << "    h = torch.relu(" << conv("planes", "stem", 3) << ")\n";
  for (int b = 0; b < c.arch.blocks; ++b) {
    const std::string block = "block" + std::to_string(b);
    s << "    a = torch.relu(" << conv("h", block + "_conv1", 3) << ")\n";
    s << "    h = torch.relu(h + " << conv("a", block + "_conv2", 3) << ")\n";
  }
  s << "    p = torch.flatten(torch.relu(" << conv("h", "policy_conv", 1) << "), 1)\n";
  s << "    policy_logits = " << linear("p", "policy_fc") << "\n";
  s << "    v = torch.flatten(torch.relu(" << conv("h", "value_conv", 1) << "), 1)\n";
  s << "    v = torch.relu(" << linear("v", "value_fc1") << ")\n";
  s << "    wdl = torch.softmax(" << linear("v", "value_fc2") << ", 1)\n";
  if (aux) {
    s << "    aux = " << linear("v", "aux_fc") << "\n";
    s << "    return policy_logits, wdl, aux\n";
  } else {
    s << "    return policy_logits, wdl\n";
  }
  return s.str();
}

std::string torchscript_archive_bytes(const Network& network, const nlohmann::json& metadata) {
  try {
    torch::jit::Module module(c10::QualifiedName("inchzero.Network"));
    for (const ParameterValues& p : network.parameter_values()) {
      const torch::Tensor t =
          torch::from_blob(const_cast<float*>(p.values.data()), p.shape, torch::kFloat32).clone();
      module.register_parameter(attribute(p.name), t, /*is_buffer=*/false);
    }
    module.define(torchscript_forward_source(network.config()));
    module.eval();
    std::ostringstream out;
    module.save(out, {{kTorchScriptMetadataFile, metadata.dump(1) + "\n"}});
    return out.str();
  } catch (const c10::Error& e) {
    throw GameError(std::string("TorchScript export: ") + e.what_without_backtrace());
  }
}

}  // namespace inchzero
