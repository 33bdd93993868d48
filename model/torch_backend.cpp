// "torch:PATH" and in-process network backends: Network::evaluate behind the
// InferenceBackend interface (the batch is wrapped with torch::from_blob and
// the outputs copied out once; see Network::evaluate).
#include "model/backend_registry.h"
#include "model/network.h"

namespace inchzero {
namespace {

class NetworkBackend : public InferenceBackend {
 public:
  NetworkBackend(std::shared_ptr<const Network> network, const BackendShape& shape,
                 std::string label, const std::string& game)
      : network_(std::move(network)), shape_(shape), label_(std::move(label)) {
    check_network_fits(network_->config(), label_, game, shape.input_size, shape.num_actions);
  }
  BackendShape shape() const override { return shape_; }
  std::string describe() const override { return label_; }
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) override {
    network_->evaluate(inputs, batch, policy_logits, wdl);
  }

 private:
  std::shared_ptr<const Network> network_;
  BackendShape shape_;
  std::string label_;
};

}  // namespace

std::unique_ptr<InferenceBackend> make_torch_backend(const std::string& path,
                                                     const BackendShape& shape,
                                                     const std::string& game) {
  return std::make_unique<NetworkBackend>(Network::load(path, kInferenceLayout), shape,
                                          "torch:" + path, game);
}

std::unique_ptr<InferenceBackend> make_network_backend(std::shared_ptr<const Network> network,
                                                       const BackendShape& shape,
                                                       const std::string& label,
                                                       const std::string& game) {
  if (!network) throw GameError("make_network_backend: no network");
  // A private copy in the inference layout: the caller may keep training its network.
  return std::make_unique<NetworkBackend>(network->clone(kInferenceLayout), shape, label, game);
}

}  // namespace inchzero
