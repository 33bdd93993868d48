// The network, evaluated by JavaScript: the page's onnxruntime-web session
// (web/inchzero.js) answers Module.izEvaluate(planes, batch) with a Promise of
// {policy, wdl}; Asyncify suspends the search while it waits. So the
// Searcher and the analysis answer run in the browser unchanged.
#pragma once

#include <string>

#include "model/backend.h"

namespace inchzero {

class JsBackend : public InferenceBackend {
 public:
  explicit JsBackend(const BackendShape& shape) : shape_(shape) {}
  BackendShape shape() const override { return shape_; }
  // Throws GameError when the JavaScript evaluator fails or answers with
  // outputs of the wrong size.
  void evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) override;
  std::string describe() const override { return "onnxruntime-web"; }

 private:
  BackendShape shape_;
};

}  // namespace inchzero
