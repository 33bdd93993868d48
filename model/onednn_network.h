// The inference engine: the inchzero network (model/network.h) compiled into
// oneDNN primitives, fp32 or bf16. No LibTorch here.
//
// Why not LibTorch's forward: at the batch sizes self-play produces (8–64
// positions of a small net), LibTorch spends more time around the
// convolutions than in them: every call reorders each weight tensor into
// oneDNN's blocked layout again, adds and ReLUs run as separate passes, and
// fp32 linear layers go to OpenBLAS (Haswell kernels on Zen 5). Here:
//   1. weights are reordered once, into the layout each primitive prefers
//      (bf16 for bf16, AMX-blocked where oneDNN picks AMX);
//   2. bias, the residual sum and ReLU are post-ops of the convolution that
//      produces them, so each activation is written once;
//   3. every layer, the linear heads included, is a oneDNN primitive, so no
//      BLAS call is on the inference path;
//   4. primitives are made once per batch size and reused; every call only
//      binds buffers.
// Sums are fp32 inside every primitive; bf16 rounds the activations stored
// between layers. The outputs (logits, probabilities, aux) are fp32.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/network.h"
#include "model/precision.h"

namespace inchzero {

// Whether oneDNN computes bf16 on this CPU: it needs AVX-512 (natively with
// avx512_bf16 or AMX, emulated on plain AVX-512). On an AVX2-only CPU (AMD
// Zen 3, for one) it cannot build bf16 layers at all; precision auto picks
// fp32 there.
bool onednn_supports_bf16();

// One layer's part of a call (OnednnNetwork::time_layers).
struct LayerTiming {
  std::string name;            // "input reorder", "stem", "block0_conv1", "policy_fc", …
  std::string implementation;  // oneDNN's kernel: "jit:avx2", "x64:gemm:jit", …
  double flops = 0;            // multiply-adds × 2 per call at the batch; 0 for reorders
  double seconds = 0;          // mean wall time per call
};

class OnednnNetwork {
 public:
  // Copy `network`'s weights (any layout or precision) into an engine that
  // computes in `precision` (auto resolved for this CPU). Throws GameError
  // when oneDNN cannot build the layers, naming the CPU when bf16 is asked
  // for where onednn_supports_bf16() is false.
  OnednnNetwork(const Network& network, Precision precision);
  ~OnednnNetwork();
  OnednnNetwork(const OnednnNetwork&) = delete;
  OnednnNetwork& operator=(const OnednnNetwork&) = delete;

  const NetworkConfig& config() const { return config_; }
  Precision precision() const { return precision_; }

  // As Network::evaluate: `inputs` batch × input.size() floats (NCHW), writes
  // batch × num_actions policy logits, batch × 3 WDL probabilities and, when
  // `aux` is not null and the net has an aux head, batch × aux_outputs.
  // Thread-safe: concurrent calls use separate workspaces. Uses the calling
  // thread's compute threads (model/compute_threads.h).
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl,
                float* aux = nullptr) const;

  // Where a call's time goes: each layer of the plan for `batch` run on its
  // own (execute, then wait) in the order evaluate runs them, on `inputs`
  // (as evaluate's), repeated for at least `seconds` after a warm-up call. The caches
  // see what they see in evaluate; the per-layer waits add a little. Layers
  // skipped without aux are left out.
  std::vector<LayerTiming> time_layers(const float* inputs, int batch, double seconds) const;

 private:
  struct Impl;
  NetworkConfig config_;
  Precision precision_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace inchzero
