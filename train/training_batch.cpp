#include "train/training_batch.h"

#include <string>

#include "core/game.h"

namespace inchzero {
namespace {

void check_length(const char* name, size_t actual, size_t expected) {
  if (actual != expected)
    throw GameError(std::string("training batch: '") + name + "' has " + std::to_string(actual) +
                    " floats, expected " + std::to_string(expected));
}

}  // namespace

void TrainingBatch::check(int input_size, int num_actions, int aux_outputs) const {
  if (size <= 0) throw GameError("training batch: size must be positive");
  const size_t n = static_cast<size_t>(size);
  check_length("inputs", inputs.size(), n * input_size);
  check_length("policy_targets", policy_targets.size(), n * num_actions);
  check_length("policy_weight", policy_weight.size(), n);
  check_length("wdl_targets", wdl_targets.size(), n * 3);
  if (aux_outputs > 0 || !aux_targets.empty())
    check_length("aux_targets", aux_targets.size(), n * aux_outputs);
}

}  // namespace inchzero
