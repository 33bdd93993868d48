#include "cli/network_choice.h"

#include <iostream>

#include "model/backend.h"
#include "model/cpu_features.h"
#include "model/network.h"
#include "model/network_path.h"
#include "train/run_config.h"
#include "train/run_inference.h"

namespace inchzero::cli {

void InferenceChoice::add_options(CLI::App& app) {
  app.add_option("--precision", precision, kPrecisionHelp)
      ->capture_default_str()
      ->check(CLI::IsMember({"fp32", "bf16", "auto"}));
  app.add_option("--device", device, kDeviceHelp)->capture_default_str();
}

ResolvedInference InferenceChoice::resolve(bool announce) const {
  return resolve_inference(parse_precision(precision), parse_device_option(device), announce);
}

Device parse_device_option(const std::string& text) {
  try {
    return parse_device(text);
  } catch (const GameError& e) {
    throw GameError(std::string("--device: ") + e.what());
  }
}

ResolvedInference resolve_inference(Precision precision, const Device& device, bool announce,
                                    const std::string& setting, InferenceEngine engine) {
  InferenceOptions options = inference_options(precision, device, setting);
  options.engine = engine;
  const std::string used = to_string(resolve_precision(precision));
  if (announce)
    std::cerr << "inference: " << used << " (--precision " << to_string(precision) << ") on "
              << cpu_features().describe() << "\n"
              << device_line(options.device, device) << "\n";
  return {options, inference_record(precision, device, engine)};
}

NetworkConfig network_config(const std::string& spec, const Game& game, const Encoder& encoder) {
  if (spec.rfind("torch:", 0) == 0)
    return Network::load(resolve_network_path(spec.substr(6)))->config();
  NetworkConfig config = network_config_for(game, RunConfig::load("inchworm").network);
  config.input = encoder.shape();
  return config;
}

BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed, const InferenceOptions& inference) {
  const BackendShape shape{encoder.shape().size(), game.num_actions()};
  std::shared_ptr<InferenceBackend> backend;
  if (spec == "random") {
    backend = make_network_backend(Network::create(network_config(spec, game, encoder), seed),
                                   shape, "random-init", game.name(), inference);
  } else {
    backend = make_backend(spec, shape, game.name(), inference);
  }
  return [backend](int) { return backend; };
}

}  // namespace inchzero::cli
