// Inference behind a narrow batch interface (in the spirit of lc0's
// neural/backend.h): search code hands over a contiguous batch of encoded
// positions and gets policy logits and win/draw/loss probabilities back.
// Backends come from a registry by spec string, so search is tested with the
// mock backend and no network.
#pragma once

#include <memory>
#include <string>

#include "model/device.h"
#include "model/precision.h"

namespace inchzero {

// Which code runs a network's forward pass.
enum class InferenceEngine {
  kOnednn,  // model/onednn_network.h: prepacked weights, fused post-ops (the fast path)
  kTorch,   // LibTorch's modules (the training code's forward): the reference
};
// "onednn", "torch"; parse throws GameError naming the text otherwise.
std::string to_string(InferenceEngine engine);
InferenceEngine parse_inference_engine(const std::string& text);

// How a network backend runs its network. There is no process-wide setting:
// each command resolves these once from its config (`selfplay.precision`,
// `selfplay.device`) or flags (`--precision`, `--device`) and hands them to
// whatever builds backends (train/run_inference.h, cli/network_choice.h).
// The default value (auto precision, oneDNN, the CPU) is what a caller that
// names nothing gets.
struct InferenceOptions {
  Precision precision = Precision::kAuto;
  InferenceEngine engine = InferenceEngine::kOnednn;
  // On a GPU the network runs LibTorch's modules whatever `engine` says
  // (the oneDNN engine is CPU code).
  Device device;
};

struct BackendShape {
  int input_size = 0;   // floats per position (Encoder::shape().size())
  int num_actions = 0;  // policy logits per position (Game::num_actions())
};

class Network;

class InferenceBackend {
 public:
  virtual ~InferenceBackend() = default;
  virtual BackendShape shape() const = 0;
  // Evaluate `batch` positions. inputs: batch × input_size floats.
  // policy_logits: batch × num_actions (unnormalised; the caller masks illegal
  // actions). wdl: batch × 3 probabilities (win, draw, loss) for the player to
  // move. Thread-safe: concurrent calls are allowed.
  virtual void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) = 0;
  // Short description for logs ("torch:runs/x/net-000012.pt", "mock").
  virtual std::string describe() const = 0;
};

// Build a backend from a spec:
//   "mock"            deterministic pseudo-random priors and values from the input
//   "uniform"         zero logits (uniform policy) and WDL (1/3, 1/3, 1/3): value 0,
//                     maximal uncertainty — a network-free baseline
//   "torch:PATH"      a saved inchzero network (see model/network.h), run by
//                     `inference`'s engine in its precision on its device
// When `game` is not empty, a network must have been trained for that game
// (registry name). Throws GameError on an unknown spec or an unreadable /
// mismatched file.
std::unique_ptr<InferenceBackend> make_backend(
    const std::string& spec, const BackendShape& shape, const std::string& game = "",
    const InferenceOptions& inference = InferenceOptions());

// A backend over an in-memory network (no file round trip), e.g. the network
// being trained: the backend evaluates its own copy of the weights (taken
// now, in the inference layout), so training may continue meanwhile. Throws
// GameError when it does not fit `shape` (or `game`, when not empty).
// describe() returns `label` with the precision and engine, e.g.
// "network (bf16, onednn)", and the GPU when there is one: "network (bf16,
// torch, cuda:0)". Throws GameError when `inference.device` cannot be had.
std::unique_ptr<InferenceBackend> make_network_backend(
    std::shared_ptr<const Network> network, const BackendShape& shape,
    const std::string& label = "network", const std::string& game = "",
    const InferenceOptions& inference = InferenceOptions());

}  // namespace inchzero
