// Inference backends for tests that need exact control over what the
// "network" says: a function of one encoded position.
#pragma once

#include <atomic>
#include <cstring>
#include <functional>
#include <string>

#include "core/seed.h"
#include "model/backend.h"

namespace inchzero::testing {

// fn(input, logits, wdl) fills one position's logits and win/draw/loss.
using PositionFunction = std::function<void(const float*, float*, float*)>;

class FunctionBackend : public InferenceBackend {
 public:
  FunctionBackend(BackendShape shape, PositionFunction fn) : shape_(shape), fn_(std::move(fn)) {}
  BackendShape shape() const override { return shape_; }
  void evaluate(const float* inputs, int batch, float* logits, float* wdl) override {
    calls_++;
    positions_ += batch;
    for (int b = 0; b < batch; ++b) {
      fn_(inputs + size_t(b) * shape_.input_size, logits + size_t(b) * shape_.num_actions,
          wdl + 3 * b);
    }
  }
  std::string describe() const override { return "test-function"; }
  int64_t calls() const { return calls_; }
  int64_t positions() const { return positions_; }

 private:
  BackendShape shape_;
  PositionFunction fn_;
  std::atomic<int64_t> calls_{0}, positions_{0};
};

// Uniform priors, value 0 with equal win/draw/loss.
inline PositionFunction uniform_function(int num_actions) {
  return [num_actions](const float*, float* logits, float* wdl) {
    std::fill(logits, logits + num_actions, 0.0f);
    wdl[0] = wdl[1] = wdl[2] = 1.0f / 3;
  };
}

}  // namespace inchzero::testing

namespace inchzero::testing {

// Pseudo-random but deterministic priors and win/draw/loss from a hash of the
// input planes (like the "mock" backend): the same position always gets the
// same answer, whatever the batch.
inline PositionFunction hashed_function(int input_size, int num_actions) {
  return [input_size, num_actions](const float* in, float* logits, float* wdl) {
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < input_size; ++i) {
      uint32_t bits;
      std::memcpy(&bits, &in[i], sizeof(bits));
      h = (h ^ bits) * 1099511628211ULL;
    }
    const auto unit = [](uint64_t x) { return double(splitmix64(x) >> 11) / double(1ULL << 53); };
    for (int a = 0; a < num_actions; ++a) logits[a] = static_cast<float>(2 * unit(h + a + 1));
    const double w = unit(h ^ 0xabc), l = unit(h ^ 0xdef), d = 0.3;
    const double sum = w + d + l;
    wdl[0] = float(w / sum), wdl[1] = float(d / sum), wdl[2] = float(l / sum);
  };
}

}  // namespace inchzero::testing
