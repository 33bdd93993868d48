// One node of a search tree (SearchTree keeps them in one arena, the children
// of a node contiguous), shared by the tree and its root strategies
// (root_strategy.h) so that both read the same statistics.
#pragma once

#include <cstdint>

#include "core/game.h"

namespace inchzero {

struct SearchNode {
  int32_t first_child = -1;  // arena index of the first child (-1: not expanded)
  int32_t num_children = 0;
  int32_t visits = 0;
  float value_sum0 = 0;    // sum of searched utilities for player 0 (selection)
  float winloss_sum0 = 0;  // sum of (win - loss) for player 0 (no score utility)
  float draw_sum = 0;
  float prior = 0;
  Action action = -1;  // the action that leads here from the parent
  int8_t player = -1;  // player to move here, once expanded
  bool terminal = false;
  float terminal_value0 = 0;  // exact value for player 0 when terminal
  float terminal_draw = 0;
  float eval_value0 = 0;  // the node's own evaluation, for player 0
};

// +1 for player 0, -1 for player 1: converts player-0 values to the mover's view.
inline float perspective(int player) { return player == 0 ? 1.0f : -1.0f; }

}  // namespace inchzero
