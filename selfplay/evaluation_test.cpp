// Network output -> search priors, through board symmetries.
#include "selfplay/evaluation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "tests/learning/toy_games.h"

namespace inchzero {
namespace {

// An equivariant "network" on the ring: the logit at a position depends only
// on the stones at distance 1 and 2 from it, symmetrically, so rotating or
// reflecting the input rotates or reflects the output the same way.
void ring_network(int n, const float* in, float* logits) {
  for (int p = 0; p < n; ++p) {
    float x = 0;
    for (int d : {1, 2}) {
      const float w = d == 1 ? 1.0f : 0.35f;
      for (int q : {(p + d) % n, (p - d + n) % n}) x += w * (in[q] - 0.6f * in[n + q]);
    }
    logits[p] = x;
  }
}

std::vector<float> priors_through(const Game& game, const Encoder& encoder, const State& state,
                                  int encode_sym, int decode_sym) {
  const int n = game.num_actions();
  std::vector<float> input(encoder.shape().size()), logits(n);
  const float wdl[3] = {0.2f, 0.5f, 0.3f};
  encoder.encode(state, encode_sym, input.data());
  ring_network(n, input.data(), logits.data());
  return decode_evaluation(game, state.legal_actions(), decode_sym, logits.data(), wdl).priors;
}

TEST(Evaluation, PoliciesRoundTripThroughEverySymmetry) {
  const auto game = toy::make_ring_game(7);
  const auto encoder = toy::make_toy_encoder(*game);
  const auto state = toy::ring_state(*game, "xo..x..");
  const auto reference = priors_through(*game, *encoder, *state, 0, 0);
  // The position is lopsided, so the priors are too (else the test proves nothing).
  EXPECT_GT(*std::max_element(reference.begin(), reference.end()) -
                *std::min_element(reference.begin(), reference.end()),
            0.05f);
  int wrong_way_differs = 0;
  for (int sym = 0; sym < game->num_symmetries(); ++sym) {
    const auto priors = priors_through(*game, *encoder, *state, sym, sym);
    ASSERT_EQ(priors.size(), reference.size());
    for (size_t i = 0; i < priors.size(); ++i) EXPECT_NEAR(priors[i], reference[i], 1e-6) << sym;
    // Reading the output without mapping it back (identity) must differ for
    // most symmetries: that is what the mapping is for.
    const auto unmapped = priors_through(*game, *encoder, *state, sym, 0);
    for (size_t i = 0; i < priors.size(); ++i) {
      if (std::abs(unmapped[i] - reference[i]) > 1e-4) {
        ++wrong_way_differs;
        break;
      }
    }
  }
  EXPECT_GE(wrong_way_differs, game->num_symmetries() / 2);
}

TEST(Evaluation, SoftmaxOverLegalActionsOnlyAndNormalisedWdl) {
  const auto game = toy::make_ring_game(5);
  const auto state = toy::ring_state(*game, "x.o..");  // legal: 1, 3, 4
  const float logits[5] = {100, 0, 100, std::log(2.0f), 0};
  const float wdl[3] = {2, 1, 1};
  const Evaluation e = decode_evaluation(*game, state->legal_actions(), 0, logits, wdl);
  ASSERT_EQ(e.priors.size(), 3u);
  EXPECT_NEAR(e.priors[0], 0.25f, 1e-6);
  EXPECT_NEAR(e.priors[1], 0.5f, 1e-6);
  EXPECT_NEAR(e.priors[2], 0.25f, 1e-6);
  EXPECT_NEAR(e.win, 0.5f, 1e-6);
  EXPECT_NEAR(e.value(), 0.25f, 1e-6);
}

TEST(Evaluation, SymmetryIsAFunctionOfHashAndSeed) {
  EXPECT_EQ(symmetry_for(123, 9, 16), symmetry_for(123, 9, 16));
  EXPECT_EQ(symmetry_for(123, 9, 1), 0);
  std::set<int> seen;
  for (uint64_t h = 0; h < 200; ++h) seen.insert(symmetry_for(h, 9, 16));
  EXPECT_EQ(seen.size(), 16u);
}

}  // namespace
}  // namespace inchzero
