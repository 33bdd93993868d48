// Inference backends for tests that need exact control over what the
// "network" says: a function of one encoded position.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>

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

// Counts the calls and positions passed on to another backend.
class CountingBackend : public InferenceBackend {
 public:
  explicit CountingBackend(std::shared_ptr<InferenceBackend> inner) : inner_(std::move(inner)) {}
  BackendShape shape() const override { return inner_->shape(); }
  void evaluate(const float* inputs, int batch, float* logits, float* wdl) override {
    calls_++;
    positions_ += batch;
    inner_->evaluate(inputs, batch, logits, wdl);
  }
  std::string describe() const override { return inner_->describe(); }
  int64_t calls() const { return calls_; }
  int64_t positions() const { return positions_; }

 private:
  std::shared_ptr<InferenceBackend> inner_;
  std::atomic<int64_t> calls_{0}, positions_{0};
};

}  // namespace inchzero::testing
