#include "tests/learning/tiny_network.h"

#include <unistd.h>

#include "model/encoder.h"
#include "model/network.h"

namespace inchzero::testing {

TempFolder::TempFolder(const std::string& name)
    : path_(std::filesystem::temp_directory_path() /
            ("inchzero_" + name + "_" + std::to_string(::getpid()))) {
  std::filesystem::create_directories(path_);
}

TempFolder::~TempFolder() {
  std::error_code ignored;  // a destructor does not throw; the folder is temporary
  std::filesystem::remove_all(path_, ignored);
}

NetworkConfig tiny_network_config(const Game& game) {
  NetworkConfig config;
  config.game = game.name();
  config.rules = game.options().label();
  config.input = make_encoder(game)->shape();
  config.num_actions = game.num_actions();
  config.arch.blocks = 1;
  config.arch.channels = 8;
  return config;
}

std::string save_tiny_network(const Game& game, const std::filesystem::path& path) {
  Network::create(tiny_network_config(game), 1)->save(path.string());
  return path.string();
}

}  // namespace inchzero::testing
