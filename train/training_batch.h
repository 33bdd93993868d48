// One minibatch of training samples in flat, contiguous arrays (no LibTorch),
// filled by the data pipeline and consumed by Trainer::step.
#pragma once

#include <vector>

namespace inchzero {

struct TrainingBatch {
  int size = 0;  // samples in the batch

  // size × input_size encoded positions (Encoder::encode, already symmetry-augmented).
  std::vector<float> inputs;
  // size × num_actions search policies. A row sums to 1 when its weight is > 0;
  // rows of weight 0 (cheap searches under playout-cap randomisation) are ignored
  // and may hold anything (zeros).
  std::vector<float> policy_targets;
  // size weights of the policy loss, usually 1 (full search) or 0 (cheap search).
  std::vector<float> policy_weight;
  // size × 3 game outcomes (win, draw, loss) from the point of view of the
  // player to move in the sample; rows sum to 1 (one-hot, or soft targets).
  std::vector<float> wdl_targets;
  // size × aux_outputs regression targets for the auxiliary head, empty when
  // the network has none (see NetworkArchitecture::aux_outputs).
  std::vector<float> aux_targets;

  // Throws GameError naming the array whose length does not match `size` and
  // the given widths.
  void check(int input_size, int num_actions, int aux_outputs) const;
};

}  // namespace inchzero
