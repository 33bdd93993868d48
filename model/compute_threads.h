// Who owns the cores.
//
// This machine has 2 cores. Three thread pools can compete for them: search
// threads (selfplay/), torch's intra-op OpenMP pool (which oneDNN convolutions
// also use) and OpenBLAS's own pthreads (used by torch::mm / linear layers and
// the batch-1 convolution path). Letting each default independently
// oversubscribes the cores. inchzero's policy: the number of compute threads
// per network call is ONE process-wide setting applied to both torch and
// OpenBLAS. The default is 1: self-play runs one evaluating worker per core,
// which keeps both cores busy without contention (measured with
// `inchzero bench nn --threads 1|2`: 2 threads on one call are slower at
// batch 1 and only modestly faster at large batches). A single process that
// evaluates big batches from one thread (bench, match, trainer) may raise it.
#pragma once

namespace inchzero {

// Set the threads one network call may use (torch intra-op + OpenBLAS).
// threads >= 1. Takes effect for later calls in every thread.
void set_compute_threads(int threads);
// The current setting (1 unless set).
int compute_threads();
// Apply the setting to the calling thread (OpenMP keeps the thread count per
// thread). Cheap; Network::evaluate and the trainer call it themselves.
void adopt_compute_threads();

}  // namespace inchzero
