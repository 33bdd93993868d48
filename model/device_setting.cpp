// The text form of a device setting ("cpu", "cuda", "cuda:N", "auto") and
// its JSON. LibTorch-free, so that configs parse in the fuzz build; what
// needs LibTorch (resolving, names, versions) is in model/device.cpp.
#include <cctype>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "model/device.h"

namespace inchzero {
namespace {

constexpr const char* kKnown = "cpu, cuda, cuda:N, auto";

bool all_digits(const std::string& s) {
  if (s.empty() || s.size() > 4) return false;  // four digits: far past any machine's GPUs
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

}  // namespace

std::string to_string(const Device& device) {
  switch (device.kind) {
    case Device::Kind::kCpu:
      return "cpu";
    case Device::Kind::kAuto:
      return "auto";
    case Device::Kind::kCuda:
      return device.index < 0 ? "cuda" : "cuda:" + std::to_string(device.index);
  }
  return "unknown";
}

Device parse_device(const std::string& text) {
  if (text == "cpu") return {Device::Kind::kCpu, -1};
  if (text == "auto") return {Device::Kind::kAuto, -1};
  if (text == "cuda") return {Device::Kind::kCuda, -1};
  if (text.rfind("cuda:", 0) == 0 && all_digits(text.substr(5)))
    return {Device::Kind::kCuda, std::stoi(text.substr(5))};
  throw GameError("unknown device '" + text + "' (known: " + kKnown + ")");
}

void to_json(nlohmann::json& j, const Device& device) { j = to_string(device); }

void from_json(const nlohmann::json& j, Device& device) {
  device = parse_device(j.get<std::string>());
}

}  // namespace inchzero
