#include "wasm/js_backend.h"

#include <emscripten/emscripten.h>

#include "core/game.h"

// 0 on success, else 1 (no evaluator), 2 (it threw), 3 (wrong output size).
// HEAPF32 is read again after the await: memory may have grown meanwhile.
EM_ASYNC_JS(int, iz_js_evaluate,
            (const float* inputs, int batch, int input_size, float* logits, int num_actions,
             float* wdl),
            {
              if (!Module.izEvaluate) return 1;
              const planes = HEAPF32.slice(inputs >> 2, (inputs >> 2) + batch * input_size);
              let out;
              try {
                out = await Module.izEvaluate(planes, batch);
              } catch (e) {
                Module.izLastError = String(e && e.message ? e.message : e);
                return 2;
              }
              if (out.policy.length != batch * num_actions || out.wdl.length != batch * 3) return 3;
              HEAPF32.set(out.policy, logits >> 2);
              HEAPF32.set(out.wdl, wdl >> 2);
              return 0;
            });

namespace inchzero {

void JsBackend::evaluate(const float* inputs, int batch, float* policy_logits, float* wdl) {
  switch (
      iz_js_evaluate(inputs, batch, shape_.input_size, policy_logits, shape_.num_actions, wdl)) {
    case 0:
      return;
    case 1:
      throw GameError("no network: call setEvaluator (web/inchzero.js) before a search");
    case 2:
      throw GameError("the network's evaluation failed in JavaScript");
    default:
      throw GameError("the network answered with outputs of the wrong size");
  }
}

}  // namespace inchzero
