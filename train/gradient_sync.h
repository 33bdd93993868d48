// What a data-parallel Trainer needs from its peers (no LibTorch here):
// sums over all ranks, in place, and a broadcast from rank 0. One
// implementation: train/gloo_sync.h (c10d's Gloo process group).
//
// Each rank trains on its share of every batch; Trainer::step normalises
// its losses by the sizes of the WHOLE batch (summed over the ranks) and sums
// the gradients over the ranks, so N ranks with 1/N of a batch each take the
// step one rank takes on the whole batch (up to the order of float sums).
#pragma once

#include <cstddef>

namespace inchzero {

class GradientSync {
 public:
  virtual ~GradientSync() = default;
  virtual int rank() const = 0;
  virtual int ranks() const = 0;
  // Sum `count` values over all ranks, in place (every rank gets the sum).
  // Throws std::runtime_error when a peer is gone or does not answer.
  virtual void sum(float* values, size_t count) = 0;
  virtual void sum(double* values, size_t count) = 0;
  // Overwrite `values` with rank 0's. Throws like sum().
  virtual void broadcast(float* values, size_t count) = 0;
};

}  // namespace inchzero
