// A saved network of random weights, as small as a network gets (one block
// of 8 channels), for tests of the programs that load network files: the
// analysis engine, the UCI engine, the server's engine pool.
#pragma once

#include <filesystem>
#include <string>

#include "core/game.h"
#include "model/network_config.h"

namespace inchzero::testing {

// A folder of its own under the system's temporary folder, named after
// `name` and this process, removed with everything in it when this goes.
class TempFolder {
 public:
  explicit TempFolder(const std::string& name);
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A 1 x 8 network for `game`: its name, rules, encoder and action count.
NetworkConfig tiny_network_config(const Game& game);

// Saves a network of tiny_network_config(game) with seed-1 weights to
// `path`; returns `path`.
std::string save_tiny_network(const Game& game, const std::filesystem::path& path);

}  // namespace inchzero::testing
