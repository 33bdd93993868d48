// The training phase's steps on the replay window, shared by the run loop's
// rank 0 (or only rank) and its followers (run_follower.h), so that every
// rank draws the same batches in the same chunks.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "train/gradient_sync.h"
#include "train/replay_buffer.h"
#include "train/trainer.h"

namespace inchzero {

// Take `steps` steps of `trainer` on batches of `batch_size` drawn from
// `buffer`'s window with trainer.rng(), a few batches at a time (one replay
// of the window per chunk). With `sync` (the ranks' group, already set on
// the trainer) each rank makes only its share of every batch. Before each
// chunk the ranks sum their `stop` flags, so that a stop asked of any rank
// ends every rank at the same step. Calls `on_step(stats, done)` after each
// step. Returns false when stopped before the end, by this rank's `stop` or
// by another rank's (then this rank's own flag is still false: the caller
// must treat false as a stop of the run). Throws what
// Trainer::step and the sync throw (a peer rank gone).
bool train_window_steps(Trainer& trainer, const ReplayBuffer& buffer, int64_t steps, int batch_size,
                        int aux_outputs, GradientSync* sync, const std::atomic<bool>& stop,
                        const std::function<void(const StepStats&, int64_t)>& on_step);

}  // namespace inchzero
