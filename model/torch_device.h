// A resolved Device (model/device.h) as torch's, and the host <-> device
// copies inference and training make. Include only from .cpp files that
// need tensors.
#pragma once

#include <torch/types.h>

#include "model/device.h"

namespace inchzero {

// torch::kCPU, or torch::Device(kCUDA, index); `device` must be resolved
// (resolve_device): throws GameError on kAuto.
torch::Device torch_device(const Device& device);

// `host` (a CPU tensor) on `device`: itself on the CPU (no copy, so the CPU
// path is unchanged); on a GPU, copied through pinned memory with a
// non-blocking copy, so the transfer overlaps the work already queued on the
// stream (the caller keeps `host`'s memory alive until the copy is used,
// which any later use on the same stream guarantees).
torch::Tensor to_device(const torch::Tensor& host, const torch::Device& device);

// `tensor` on the CPU: itself when already there, else copied back (a
// blocking copy: the caller reads it next).
torch::Tensor to_host(const torch::Tensor& tensor);

// Waits until every kernel queued on `device` has finished (timing on a GPU
// measures the work, not its launch); nothing on the CPU.
void synchronize(const torch::Device& device);

}  // namespace inchzero
