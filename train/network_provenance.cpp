#include "train/network_provenance.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <regex>

#include "core/atomic_file.h"
#include "train/run_folder.h"

namespace inchzero {

NetworkProvenance network_provenance(const std::string& path) {
  namespace fs = std::filesystem;
  NetworkProvenance p;
  p.source = path;
  const fs::path file = fs::absolute(path).lexically_normal();
  static const std::regex kNetworkName(R"(net-([0-9]{6})\.pt)");
  std::smatch m;
  const std::string name = file.filename().string();
  if (file.parent_path().filename() != "networks" || !std::regex_match(name, m, kNetworkName))
    return p;
  const RunFolder run(file.parent_path().parent_path().string());
  p.run = run.root();
  p.iteration = std::stoi(m[1].str());
  if (!run.has_run()) return p;
  try {
    p.run_config = read_file(run.config_path());
    const YAML::Node seed = YAML::Load(p.run_config)["seed"];
    if (seed && seed.IsScalar()) p.seed = seed.as<std::string>();
  } catch (const std::exception&) {
    // An unreadable config.yaml: the seed stays unknown, the rest is still known.
  }
  return p;
}

}  // namespace inchzero
