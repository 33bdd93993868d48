// Network-free backends: "mock" (deterministic pseudo-random output from a
// hash of the input, so tests are reproducible and search sees varied priors)
// and "uniform" (no information at all).
#include <cstdint>
#include <cstring>

#include "core/seed.h"
#include "model/backend_registry.h"

namespace inchzero {
namespace {

// A uniform number in [0, 1) from a 64-bit hash.
double unit(uint64_t h) { return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0); }

class MockBackend : public InferenceBackend {
 public:
  explicit MockBackend(const BackendShape& shape) : shape_(shape) {}
  BackendShape shape() const override { return shape_; }
  std::string describe() const override { return "mock"; }

  // Row r's output depends only on row r's input bits: logits uniform in
  // [-2, 2), WDL proportional to three numbers uniform in [0.1, 1.1).
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) override {
    for (int r = 0; r < batch; ++r) {
      const uint64_t h = hash_row(inputs + static_cast<size_t>(r) * shape_.input_size);
      float* logits = policy_logits + static_cast<size_t>(r) * shape_.num_actions;
      for (int a = 0; a < shape_.num_actions; ++a)
        logits[a] = static_cast<float>(4.0 * unit(splitmix64(h ^ (uint64_t(a) << 32))) - 2.0);
      double w[3], sum = 0;
      for (int k = 0; k < 3; ++k) sum += w[k] = 0.1 + unit(splitmix64(h + 0x51ed27 + k));
      for (int k = 0; k < 3; ++k) wdl[3 * r + k] = static_cast<float>(w[k] / sum);
    }
  }

 private:
  uint64_t hash_row(const float* row) const {
    uint64_t h = 0x6a09e667f3bcc908ULL;
    for (int i = 0; i < shape_.input_size; ++i) {
      uint32_t bits;
      std::memcpy(&bits, row + i, sizeof bits);
      h = splitmix64(h ^ bits);
    }
    return h;
  }
  BackendShape shape_;
};

class UniformBackend : public InferenceBackend {
 public:
  explicit UniformBackend(const BackendShape& shape) : shape_(shape) {}
  BackendShape shape() const override { return shape_; }
  std::string describe() const override { return "uniform"; }
  void evaluate(const float*, int batch, float* policy_logits, float* wdl) override {
    std::memset(policy_logits, 0, sizeof(float) * static_cast<size_t>(batch) * shape_.num_actions);
    for (int i = 0; i < 3 * batch; ++i) wdl[i] = 1.0f / 3.0f;
  }

 private:
  BackendShape shape_;
};

}  // namespace

std::unique_ptr<InferenceBackend> make_mock_backend(const BackendShape& shape) {
  return std::make_unique<MockBackend>(shape);
}

std::unique_ptr<InferenceBackend> make_uniform_backend(const BackendShape& shape) {
  return std::make_unique<UniformBackend>(shape);
}

}  // namespace inchzero
