#include "model/device.h"

#include <ATen/detail/CUDAHooksInterface.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "model/cpu_features.h"
#include "model/torch_device.h"

#ifdef INCHZERO_WITH_CUDA
// Only a CUDA LibTorch has these; CMake defines INCHZERO_WITH_CUDA then.
#include <ATen/cuda/CUDAContext.h>
#endif

namespace inchzero {

bool cuda_usable() { return torch::cuda::is_available(); }

Device resolve_device(const Device& device, const std::string& setting) {
  if (device.kind == Device::Kind::kCpu) return {Device::Kind::kCpu, -1};
  if (device.kind == Device::Kind::kAuto)
    return cuda_usable() ? Device{Device::Kind::kCuda, 0} : Device{Device::Kind::kCpu, -1};
  const std::string asked = setting + " " + to_string(device) + ": ";
  if (!cuda_usable()) {
    if (cuda_version() == "none")
      throw GameError(asked + "this build's LibTorch " + libtorch_version() +
                      " has no CUDA (use cpu or auto, or build against a CUDA LibTorch: "
                      "docs/gpu.md)");
    throw GameError(asked + "no CUDA GPU is visible (use cpu or auto)");
  }
  const int count = static_cast<int>(torch::cuda::device_count());
  const int index = device.index < 0 ? 0 : device.index;
  if (index >= count)
    throw GameError(asked + "only " + std::to_string(count) + " CUDA GPU(s) are visible");
  return {Device::Kind::kCuda, index};
}

std::string libtorch_version() { return TORCH_VERSION; }

std::string cuda_version() {
  const auto& hooks = at::detail::getCUDAHooks();
  if (!hooks.hasCUDART()) return "none";
  const long v = hooks.versionCUDART();  // 12010 for 12.1
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

std::string device_name(const Device& device) {
  if (!device.is_cuda()) return cpu_features().brand;
#ifdef INCHZERO_WITH_CUDA
  return at::cuda::getDeviceProperties(device.index < 0 ? 0 : device.index)->name;
#else
  return "cuda:" + std::to_string(device.index);  // unreachable: resolve_device refused it
#endif
}

nlohmann::json device_record(const Device& device, const Device& setting) {
  return {{"device", to_string(device)},
          {"setting", to_string(setting)},
          {"name", device_name(device)},
          {"libtorch", libtorch_version()},
          {"cuda", cuda_version()}};
}

std::string device_line(const Device& device, const Device& setting) {
  return "device: " + to_string(device) + " (setting " + to_string(setting) + ") " +
         device_name(device) + "; LibTorch " + libtorch_version() + ", CUDA " + cuda_version();
}

torch::Device torch_device(const Device& device) {
  if (device.kind == Device::Kind::kAuto)
    throw GameError("torch_device: device 'auto' must be resolved first");
  if (device.is_cuda())
    return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(std::max(device.index, 0)));
  return torch::Device(torch::kCPU);
}

torch::Tensor to_device(const torch::Tensor& host, const torch::Device& device) {
  if (device.is_cpu()) return host;
  return host.pin_memory().to(device, /*non_blocking=*/true);
}

torch::Tensor to_host(const torch::Tensor& tensor) {
  return tensor.is_cpu() ? tensor : tensor.to(torch::kCPU);
}

void synchronize(const torch::Device& device) {
  if (device.is_cuda()) torch::cuda::synchronize(device.index());
}

}  // namespace inchzero
