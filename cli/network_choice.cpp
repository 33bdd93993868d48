#include "cli/network_choice.h"

#include <iostream>

#include "model/backend.h"
#include "model/cpu_features.h"
#include "model/network.h"

namespace inchzero::cli {

void add_precision_option(CLI::App& app, std::string& value) {
  app.add_option("--precision", value, kPrecisionHelp)
      ->capture_default_str()
      ->check(CLI::IsMember({"fp32", "bf16", "auto"}));
}

nlohmann::json apply_precision(Precision precision) {
  InferenceOptions options = default_inference();
  options.precision = precision;
  set_default_inference(options);
  const std::string used = to_string(resolve_precision(precision));
  std::cerr << "inference: " << used << " (--precision " << to_string(precision) << ") on "
            << cpu_features().describe() << "\n";
  return {{"precision", used},
          {"setting", to_string(precision)},
          {"engine", to_string(options.engine)},
          {"cpu", cpu_features().describe()}};
}

BackendFactory network_backends(const std::string& spec, const Game& game, const Encoder& encoder,
                                uint64_t seed) {
  const BackendShape shape{encoder.shape().size(), game.num_actions()};
  std::shared_ptr<InferenceBackend> backend;
  if (spec == "random") {
    NetworkConfig config;
    config.game = game.name();
    config.rules = game.options().label();
    config.input = encoder.shape();
    config.num_actions = game.num_actions();
    backend =
        make_network_backend(Network::create(config, seed), shape, "random-init", game.name());
  } else {
    backend = make_backend(spec, shape, game.name());
  }
  return [backend](int) { return backend; };
}

}  // namespace inchzero::cli
