#include "model/network_config.h"

#include <nlohmann/json.hpp>

#include "model/encoder.h"

namespace inchzero {
namespace {

void require_range(const char* name, int value, int lo, int hi) {
  if (value < lo || value > hi)
    throw GameError("network config: '" + std::string(name) + "' = " + std::to_string(value) +
                    " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
}

int64_t conv_flops(int64_t in, int64_t out, int64_t kernel, int64_t cells) {
  return 2 * in * out * kernel * kernel * cells;
}

}  // namespace

void validate(const NetworkArchitecture& arch) { validate_config(arch, "network"); }

void architecture_from_yaml(NetworkArchitecture& arch, const YAML::Node& node) {
  config_from_yaml(arch, node, "network");
}

int64_t NetworkConfig::flops_per_position() const {
  const int64_t cells = int64_t{input.height} * input.width;
  const int64_t c = arch.channels;
  int64_t flops = conv_flops(input.channels, c, 3, cells);
  flops += int64_t{arch.blocks} * 2 * conv_flops(c, c, 3, cells);
  flops += conv_flops(c, arch.policy_channels, 1, cells);
  flops += 2 * arch.policy_channels * cells * num_actions;
  flops += conv_flops(c, arch.value_channels, 1, cells);
  flops += 2 * arch.value_channels * cells * arch.value_hidden;
  flops += 2 * int64_t{arch.value_hidden} * (3 + arch.aux_outputs);
  return flops;
}

void validate(const NetworkConfig& config) {
  if (config.game.empty()) throw GameError("network config: 'game' is empty");
  require_range("input.channels", config.input.channels, 1, 4096);
  require_range("input.height", config.input.height, 1, 64);
  require_range("input.width", config.input.width, 1, 64);
  require_range("num_actions", config.num_actions, 1, 1 << 20);
  validate(config.arch);
}

NetworkConfig network_config_for(const Game& game, const NetworkArchitecture& arch) {
  NetworkConfig config;
  config.game = game.name();
  config.rules = game.options().label();
  config.input = make_encoder(game)->shape();
  config.num_actions = game.num_actions();
  config.arch = arch;
  validate(config);
  return config;
}

nlohmann::json to_json(const NetworkConfig& config) {
  return {{"game", config.game},
          {"rules", config.rules},
          {"input",
           {{"channels", config.input.channels},
            {"height", config.input.height},
            {"width", config.input.width}}},
          {"num_actions", config.num_actions},
          {"architecture", config_to_json(config.arch)}};
}

NetworkConfig network_config_from_json(const nlohmann::json& json) {
  NetworkConfig config;
  auto integer = [](const nlohmann::json& j, const char* key) {
    if (!config_fields::integer_fits<int>(j))
      throw GameError(std::string("network config: '") + key + "' = " + j.dump() +
                      " is not an int");
    return j.get<int>();
  };
  try {
    config.game = json.at("game").get<std::string>();
    config.rules = json.value("rules", "");
    const auto& input = json.at("input");
    config.input.channels = integer(input.at("channels"), "input.channels");
    config.input.height = integer(input.at("height"), "input.height");
    config.input.width = integer(input.at("width"), "input.width");
    config.num_actions = integer(json.at("num_actions"), "num_actions");
  } catch (const nlohmann::json::exception& e) {
    throw GameError(std::string("network config: ") + e.what());
  }
  if (json.contains("architecture"))
    config_from_json(config.arch, json.at("architecture"), "network");
  validate(config);
  return config;
}

void check_network_fits(const NetworkConfig& config, const std::string& source,
                        const std::string& game, int input_size, int num_actions) {
  const std::string trained =
      "network '" + source + "' was trained for game '" + config.game + "' (input " +
      std::to_string(config.input.channels) + "x" + std::to_string(config.input.height) + "x" +
      std::to_string(config.input.width) + " = " + std::to_string(config.input.size()) +
      " floats, " + std::to_string(config.num_actions) + " actions)";
  if (!game.empty() && game != config.game)
    throw GameError(trained + " but is used for game '" + game + "'");
  const int64_t cells = int64_t{config.input.height} * config.input.width;
  if (input_size != config.input.size() && num_actions == config.num_actions && cells > 0 &&
      input_size % cells == 0)
    throw GameError(trained + " but this game's encoder gives " +
                    std::to_string(input_size / cells) + " input planes, not " +
                    std::to_string(config.input.channels) +
                    " (the encoder changed since the network was saved: train a new one)");
  if (input_size != config.input.size() || num_actions != config.num_actions)
    throw GameError(trained + " but this game needs " + std::to_string(input_size) +
                    " input floats and " + std::to_string(num_actions) +
                    " actions (different board size or rules?)");
}

}  // namespace inchzero
