#include "model/network_path.h"

#include <filesystem>

#include "core/game.h"
#include "model/zoo.h"

namespace inchzero {

std::string resolve_network_path(const std::string& path) {
  namespace fs = std::filesystem;
  if (is_zoo_spec(path)) return zoo_entry_of(path).network_path();
  if (!fs::is_directory(path)) return path;
  for (const fs::path& dir : {fs::path(path) / "networks", fs::path(path)}) {
    std::string newest;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      // net-NNNNNN.pt: the zero-padded number sorts as text.
      if (name.size() == 13 && name.rfind("net-", 0) == 0 && name.substr(10) == ".pt" &&
          name > fs::path(newest).filename().string()) {
        newest = entry.path().string();
      }
    }
    if (!newest.empty()) return newest;
  }
  throw GameError("no network (net-NNNNNN.pt) in folder '" + path + "'");
}

}  // namespace inchzero
