#include "model/export.h"

#include <torch/types.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/atomic_file.h"
#include "core/json_input.h"
#include "model/network_module.h"

namespace inchzero {
namespace {

namespace fs = std::filesystem;
constexpr const char* kFormat = "inchzero-portable-1";
constexpr const char* kHeaderFile = "model.json";
constexpr const char* kBlobFile = "weights.bin";
constexpr int64_t kAlignment = 64;  // bytes; lets readers map tensors aligned

// The forward pass as a list of steps over named values ("x" is the input),
// written from the config alone so that the importer can check a file
// against what this build computes.
nlohmann::json layer_list(const NetworkConfig& c) {
  using nlohmann::json;
  json layers = json::array();
  auto conv = [&](const std::string& in, const std::string& out, const std::string& name,
                  int kernel, bool relu) {
    layers.push_back({{"op", "conv2d"},
                      {"in", in},
                      {"out", out},
                      {"weight", name + ".weight"},
                      {"bias", name + ".bias"},
                      {"kernel", kernel},
                      {"padding", kernel / 2},
                      {"relu", relu}});
  };
  auto linear = [&](const std::string& in, const std::string& out, const std::string& name,
                    bool relu) {
    layers.push_back({{"op", "linear"},
                      {"in", in},
                      {"out", out},
                      {"weight", name + ".weight"},
                      {"bias", name + ".bias"},
                      {"relu", relu}});
  };
  conv("x", "h0", "stem", 3, true);
  std::string h = "h0";
  for (int b = 0; b < c.arch.blocks; ++b) {
    const std::string name = "block" + std::to_string(b);
    conv(h, name + "_a", name + "_conv1", 3, true);
    conv(name + "_a", name + "_b", name + "_conv2", 3, false);
    const std::string next = "h" + std::to_string(b + 1);
    layers.push_back({{"op", "add_relu"}, {"in", json::array({h, name + "_b"})}, {"out", next}});
    h = next;
  }
  conv(h, "policy_planes", "policy_conv", 1, true);
  layers.push_back({{"op", "flatten"}, {"in", "policy_planes"}, {"out", "policy_flat"}});
  linear("policy_flat", "policy_logits", "policy_fc", false);
  conv(h, "value_planes", "value_conv", 1, true);
  layers.push_back({{"op", "flatten"}, {"in", "value_planes"}, {"out", "value_flat"}});
  linear("value_flat", "value_hidden", "value_fc1", true);
  linear("value_hidden", "wdl_logits", "value_fc2", false);
  layers.push_back({{"op", "softmax"}, {"in", "wdl_logits"}, {"out", "wdl"}});
  if (c.arch.aux_outputs > 0) linear("value_hidden", "aux", "aux_fc", false);
  return layers;
}

bool little_endian() {
  const uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first == 1;
}

}  // namespace

void export_network(const Network& network, const std::string& dir,
                    const std::vector<std::string>& plane_names) {
  if (!little_endian()) throw GameError("only little-endian hosts are supported");
  const NetworkConfig& c = network.config();
  if (!plane_names.empty() && static_cast<int>(plane_names.size()) != c.input.channels)
    throw GameError(std::to_string(plane_names.size()) + " plane names for " +
                    std::to_string(c.input.channels) + " input planes");
  // 1. Tensors back to back (row-major, each start aligned) and their table.
  std::string blob;
  nlohmann::json tensors = nlohmann::json::array();
  for (const auto& p : network.module().named_parameters()) {
    const torch::Tensor t = p.value().detach().contiguous();
    while (blob.size() % kAlignment) blob.push_back('\0');
    tensors.push_back({{"name", p.key()},
                       {"shape", t.sizes().vec()},
                       {"offset", blob.size()},
                       {"count", t.numel()}});
    blob.append(reinterpret_cast<const char*>(t.data_ptr<float>()), sizeof(float) * t.numel());
  }
  // 2. The header.
  nlohmann::json header = {
      {"format", kFormat},
      {"config", to_json(c)},
      {"input",
       {{"layout", "NCHW float32, batch x channels x height x width, row-major"},
        {"channels", c.input.channels},
        {"height", c.input.height},
        {"width", c.input.width},
        {"point_of_view", "planes as the game's encoder writes them: the player to move"},
        {"plane_names", plane_names}}},
      {"blob",
       {{"file", kBlobFile},
        {"dtype", "float32"},
        {"byte_order", "little"},
        {"bytes", blob.size()}}},
      {"tensors", tensors},
      {"layers", layer_list(c)},
      {"outputs",
       {{"policy_logits", "batch x num_actions, unnormalised; mask illegal actions, then softmax"},
        {"wdl", "batch x 3 probabilities (win, draw, loss) for the player to move"},
        {"aux", c.arch.aux_outputs > 0 ? "batch x aux_outputs regression values" : "absent"}}}};
  try {
    fs::create_directories(dir);
    // The blob first: a reader that finds the header finds the weights it describes.
    write_file_atomically((fs::path(dir) / kBlobFile).string(), blob);
    write_file_atomically((fs::path(dir) / kHeaderFile).string(), header.dump(1) + "\n");
  } catch (const std::exception& e) {
    throw GameError(e.what());
  }
}

std::shared_ptr<Network> import_network(const std::string& dir) {
  const std::string header_path = (fs::path(dir) / kHeaderFile).string();
  const std::string blob_path = (fs::path(dir) / kBlobFile).string();
  nlohmann::json header;
  std::string blob;
  try {
    header = parse_json_or_throw(read_file(header_path), "'" + header_path + "'");
    blob = read_file(blob_path);
  } catch (const nlohmann::json::exception& e) {
    throw GameError("'" + header_path + "' is not valid JSON: " + e.what());
  } catch (const std::runtime_error& e) {
    throw GameError(std::string("import: ") + e.what());
  }
  if (header.value("format", "") != kFormat)
    throw GameError("'" + header_path + "' is not an " + kFormat + " header");
  const NetworkConfig config = network_config_from_json(header.at("config"));
  if (header.at("layers") != layer_list(config))
    throw GameError("'" + header_path + "': its layer list is not the one of this network config");
  auto network = Network::create(config, 0);
  std::map<std::string, nlohmann::json> table;
  for (const auto& t : header.at("tensors")) table[t.at("name").get<std::string>()] = t;
  torch::NoGradGuard no_grad;
  for (auto& p : network->module().named_parameters()) {
    auto it = table.find(p.key());
    if (it == table.end()) throw GameError("'" + header_path + "' lacks tensor " + p.key());
    const auto offset = it->second.at("offset").get<size_t>();
    const auto count = it->second.at("count").get<int64_t>();
    if (it->second.at("shape").get<std::vector<int64_t>>() != p.value().sizes().vec() ||
        count != p.value().numel() || offset + sizeof(float) * count > blob.size())
      throw GameError("'" + header_path + "': tensor " + p.key() +
                      " has the wrong shape or lies outside " + blob_path);
    p.value().copy_(torch::from_blob(blob.data() + offset, p.value().sizes(), torch::kFloat32));
  }
  return network;
}

}  // namespace inchzero
