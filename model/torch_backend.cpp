// "torch:PATH" and in-process network backends: a saved or in-memory network
// behind the InferenceBackend interface, run by the oneDNN engine
// (model/onednn_network.h) or by LibTorch's modules (Network::evaluate), in
// the precision asked for (LibTorch's on a GPU). Either way the weights are
// converted once here.
#include "model/backend_registry.h"
#include "model/network.h"
#include "model/network_path.h"
#include "model/onednn_network.h"

namespace inchzero {
namespace {

struct EngineName {
  InferenceEngine engine;
  const char* name;
};
constexpr EngineName kEngineNames[] = {{InferenceEngine::kOnednn, "onednn"},
                                       {InferenceEngine::kTorch, "torch"}};

class NetworkBackend : public InferenceBackend {
 public:
  NetworkBackend(const Network& network, const BackendShape& shape, const std::string& label,
                 const std::string& game, const InferenceOptions& inference)
      : shape_(shape) {
    check_network_fits(network.config(), label, game, shape.input_size, shape.num_actions);
    const Precision precision = resolve_precision(inference.precision);
    const Device device = resolve_device(inference.device, "device");
    const InferenceEngine engine = device.is_cuda() ? InferenceEngine::kTorch : inference.engine;
    if (engine == InferenceEngine::kOnednn)
      onednn_ = std::make_unique<OnednnNetwork>(network, precision);
    else
      torch_ = network.clone(kInferenceLayout, precision, device);
    label_ = label + " (" + to_string(precision) + ", " + to_string(engine) +
             (device.is_cuda() ? ", " + to_string(device) : "") + ")";
  }
  BackendShape shape() const override { return shape_; }
  std::string describe() const override { return label_; }
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) override {
    if (onednn_)
      onednn_->evaluate(inputs, batch, policy_logits, wdl);
    else
      torch_->evaluate(inputs, batch, policy_logits, wdl);
  }

 private:
  BackendShape shape_;
  std::string label_;
  std::unique_ptr<OnednnNetwork> onednn_;
  std::shared_ptr<const Network> torch_;
};

}  // namespace

std::string to_string(InferenceEngine engine) {
  for (const auto& e : kEngineNames)
    if (e.engine == engine) return e.name;
  return "unknown";
}

InferenceEngine parse_inference_engine(const std::string& text) {
  for (const auto& e : kEngineNames)
    if (text == e.name) return e.engine;
  throw GameError("unknown inference engine '" + text + "' (known: onednn, torch)");
}

std::unique_ptr<InferenceBackend> make_torch_backend(const std::string& path,
                                                     const BackendShape& shape,
                                                     const std::string& game,
                                                     const InferenceOptions& inference) {
  // torch:zoo:NAME and torch:RUN_FOLDER name a file too (model/network_path.h).
  return std::make_unique<NetworkBackend>(*Network::load(resolve_network_path(path)), shape,
                                          "torch:" + path, game, inference);
}

std::unique_ptr<InferenceBackend> make_network_backend(std::shared_ptr<const Network> network,
                                                       const BackendShape& shape,
                                                       const std::string& label,
                                                       const std::string& game,
                                                       const InferenceOptions& inference) {
  if (!network) throw GameError("make_network_backend: no network");
  // The backend keeps its own converted copy: the caller may keep training its network.
  return std::make_unique<NetworkBackend>(*network, shape, label, game, inference);
}

}  // namespace inchzero
