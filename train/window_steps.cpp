#include "train/window_steps.h"

#include <algorithm>

#include "core/fault_point.h"

namespace inchzero {
namespace {

// Batches prepared at once by the data pipeline (one replay of the window
// per chunk; memory = chunk × batch × input size).
constexpr int kBatchesPerChunk = 8;

}  // namespace

bool train_window_steps(Trainer& trainer, const ReplayBuffer& buffer, int64_t steps, int batch_size,
                        int aux_outputs, GradientSync* sync, const std::atomic<bool>& stop,
                        const std::function<void(const StepStats&, int64_t)>& on_step) {
  const int rank = sync != nullptr ? sync->rank() : 0;
  const int ranks = sync != nullptr ? sync->ranks() : 1;
  int64_t done = 0;
  while (done < steps) {
    float stopping = stop.load() ? 1.0f : 0.0f;
    if (sync != nullptr) sync->sum(&stopping, 1);
    if (stopping > 0) return false;
    const int chunk = static_cast<int>(std::min<int64_t>(kBatchesPerChunk, steps - done));
    for (const TrainingBatch& batch :
         buffer.make_batches(chunk, batch_size, aux_outputs, trainer.rng(), rank, ranks)) {
      on_step(trainer.step(batch), ++done);
      fault_point("after_train_step");  // a rank killed mid-phase (tests/cli/data_parallel_run.sh)
    }
  }
  return true;
}

}  // namespace inchzero
