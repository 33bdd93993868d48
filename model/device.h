// Where a network's tensors live and compute: the CPU or a CUDA GPU. No
// LibTorch here (model/torch_device.h maps a Device onto torch's); nothing
// in core/ knows of devices.
//
// The CPU is every command's default, so a run's behaviour and speed on a
// machine without a GPU do not change; `auto` takes the GPU when this
// build's LibTorch has CUDA and one is visible.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "core/setting_words.h"

namespace inchzero {

struct Device {
  enum class Kind { kCpu, kCuda, kAuto };
  Kind kind = Kind::kCpu;
  // The GPU of kCuda: 0.. as CUDA numbers the visible devices; -1 for a bare
  // `cuda` (resolved to the current device, 0 unless CUDA_VISIBLE_DEVICES says otherwise).
  int index = -1;

  bool is_cuda() const { return kind == Kind::kCuda; }
  bool operator==(const Device& o) const { return kind == o.kind && index == o.index; }
  bool operator!=(const Device& o) const { return !(*this == o); }
};

// "cpu", "cuda", "cuda:N", "auto".
std::string to_string(const Device& device);
// Parses "cpu" | "cuda" | "cuda:N" (N a whole number >= 0) | "auto"; throws
// GameError naming the text and the accepted values otherwise.
Device parse_device(const std::string& text);
// Device settings read and write as their names in JSON (configs, records).
void to_json(nlohmann::json& j, const Device& device);
void from_json(const nlohmann::json& j, Device& device);

// A config field (core/config_fields.h) reads and writes a device as its name.
inline SettingWords setting_words(const Device*) { return {"a device", "cpu, cuda, cuda:N, auto"}; }
inline Device parse_setting(const std::string& text, const Device&) { return parse_device(text); }

// Whether this build's LibTorch has CUDA and at least one GPU is visible.
bool cuda_usable();
// kCpu or kCuda with its index: `auto` decided on this machine (the GPU when
// cuda_usable(), else the CPU), a bare `cuda` given index 0. Throws GameError
// naming `setting` (the key or option the device came from, e.g.
// "selfplay.device" or "--device") when CUDA is asked for and this LibTorch
// has none, no GPU is visible, or N is past the visible GPUs; the command
// then exits 2 (bad input).
Device resolve_device(const Device& device, const std::string& setting);

// What a run records about the device it used (`device` resolved):
// {"device": "cuda:0", "setting": "auto", "name": GPU name or CPU model,
//  "libtorch": "1.13.1", "cuda": CUDA runtime version or "none"}.
nlohmann::json device_record(const Device& device, const Device& setting);
// The same in one line for start-up messages:
// "device: cpu (setting cpu) <name>; LibTorch 1.13.1, CUDA none".
std::string device_line(const Device& device, const Device& setting);
// The CPU model or the GPU's name (`device` resolved).
std::string device_name(const Device& device);
// LibTorch's version (TORCH_VERSION), and the CUDA runtime version LibTorch
// was built with ("12.1") or "none".
std::string libtorch_version();
std::string cuda_version();

// The help text every --device option and config key shows.
constexpr const char* kDeviceHelp =
    "where networks compute: cpu | cuda | cuda:N | auto (the GPU when LibTorch has CUDA and one "
    "is visible, else the CPU)";

}  // namespace inchzero
