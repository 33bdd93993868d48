// The decision action space of Inchworm (docs/action-space.md). With
// N = width x height cells:
//   [0, N)     DROP[c]             drop a stock piece on c (complete move)
//   [N, 2N)    PRISONER_DROP[c]    `@c` (complete move)
//   [2N, 3N)   COLLECT_FROM[c]     start a collect at c
//   [3N, 4N)   DISTRIBUTE_FROM[c]  start distributing the stack on c
//   [4N, 5N)   TO[c]               next square of the collect line / path
//   5N         RESCUE, 5N+1 PASS, 5N+2 END_COLLECT
#pragma once

#include "core/game.h"

namespace inchzero::inchworm {

enum class ActionKind : uint8_t {
  kDrop,
  kPrisonerDrop,
  kCollectFrom,
  kDistributeFrom,
  kTo,
  kRescue,
  kPass,
  kEndCollect
};

class ActionLayout {
 public:
  explicit ActionLayout(int num_cells) : n_(num_cells) {}
  int num_actions() const { return 5 * n_ + 3; }
  Action drop(int c) const { return c; }
  Action prisoner_drop(int c) const { return n_ + c; }
  Action collect_from(int c) const { return 2 * n_ + c; }
  Action distribute_from(int c) const { return 3 * n_ + c; }
  Action to(int c) const { return 4 * n_ + c; }
  Action rescue() const { return 5 * n_; }
  Action pass() const { return 5 * n_ + 1; }
  Action end_collect() const { return 5 * n_ + 2; }
  ActionKind kind(Action a) const {
    return a < 5 * n_ ? static_cast<ActionKind>(a / n_)
                      : static_cast<ActionKind>(static_cast<int>(ActionKind::kRescue) + a - 5 * n_);
  }
  // The cell of a cell-indexed action (the first five kinds).
  int cell(Action a) const { return a % n_; }
  bool has_cell(Action a) const { return a < 5 * n_; }

 private:
  int n_;
};

}  // namespace inchzero::inchworm
