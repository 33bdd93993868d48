#include "cli/network_choice.h"

#include "model/backend.h"
#include "model/network.h"

namespace inchzero::cli {

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
