// What the network says about one position, in the form search uses: priors
// over the legal actions (in legal_actions() order) and win/draw/loss for the
// player to move. Also the symmetry bookkeeping between network outputs and
// the game's own action numbering.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/seed.h"

namespace inchzero {

struct Evaluation {
  float win = 0, draw = 0, loss = 0;  // for the player to move; sum to 1
  std::vector<float> priors;          // one per legal action, sums to 1

  // Scalar value for PUCT: win - loss, in [-1, 1].
  float value() const { return win - loss; }
};

// Turn one position's raw network output into an Evaluation.
// `logits` has game.num_actions() entries and was produced for the position
// encoded through symmetry `sym`, so the logit of legal action a is
// logits[game.transform_action(a, sym)]. Priors are the softmax over the legal
// actions only. `wdl` is three probabilities (renormalised here).
Evaluation decode_evaluation(const Game& game, const std::vector<Action>& legal, int sym,
                             const float* logits, const float* wdl);

// The symmetry used to evaluate a position: a pure function of the position's
// hash and the run seed, so that a cached evaluation equals a fresh one and
// self-play replays exactly from its seed whatever the thread timing.
// Returns 0 when `num_symmetries` <= 1.
int symmetry_for(uint64_t position_hash, uint64_t run_seed, int num_symmetries);

}  // namespace inchzero
