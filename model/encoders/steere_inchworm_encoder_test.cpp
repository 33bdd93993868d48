#include "model/encoders/steere_inchworm_encoder.h"

#include <gtest/gtest.h>

#include <random>

#include "core/games/steere_inchworm/steere_inchworm.h"
#include "core/games/steere_inchworm/steere_state.h"

namespace inchzero {
namespace {

using steere::SteereGame;
using steere::SteereState;

std::shared_ptr<const SteereGame> make(const std::vector<std::string>& overrides = {}) {
  return std::dynamic_pointer_cast<const SteereGame>(
      steere::make_game(load_rule_options(steere::schema(), "", overrides)));
}

std::unique_ptr<SteereState> at(const SteereGame& game, const std::string& position) {
  return std::unique_ptr<SteereState>(
      static_cast<SteereState*>(game.state_from_position(position).release()));
}

std::vector<float> encode(const Encoder& e, const State& s) {
  std::vector<float> out(e.shape().size(), -1.0f);
  e.encode(s, 0, out.data());
  return out;
}

TEST(SteereInchwormEncoder, PlanesOfAKnownPosition) {
  auto game = make({"width=5", "height=5"});
  auto enc = make_steere_inchworm_encoder(*game);
  EXPECT_EQ(enc->shape().channels, 16);
  EXPECT_EQ(enc->shape().height, 5);
  EXPECT_EQ(enc->shape().width, 5);
  // Red (to move): worm a1 (2, tail) - a2 (3, body) - a3 (head). Blue: e1.
  auto s = at(*game, "...../...../r..../r3..../r2...b r 4 8 10");
  const std::vector<float> x = encode(*enc, *s);
  const int n = 25, a1 = 0, a2 = 5, a3 = 10, e1 = 4;
  EXPECT_EQ(x[1 * n + a1], 1.0f);            // height 2
  EXPECT_EQ(x[2 * n + a2], 1.0f);            // height 3
  EXPECT_EQ(x[0 * n + a3], 1.0f);            // single
  EXPECT_EQ(x[4 * n + a3], 1.0f);            // our head
  EXPECT_EQ(x[5 * n + a1], 1.0f);            // our tail
  EXPECT_EQ(x[6 * n + e1], 1.0f);            // their single
  EXPECT_EQ(x[10 * n + e1], 1.0f);           // their lone head
  EXPECT_FLOAT_EQ(x[12 * n], 4.0f / 10.0f);  // Red: 4 off, 6 on the board
  EXPECT_FLOAT_EQ(x[13 * n], 8.0f / 9.0f);   // Blue: 8 off, 1 on the board
  EXPECT_FLOAT_EQ(x[14 * n], 10.0f / 1000.0f);
  EXPECT_EQ(x[15 * n + 7], 1.0f);
  float sum = 0;
  for (int i = 0; i < 4 * n; ++i) sum += x[i];
  EXPECT_EQ(sum, 3.0f);  // three own stacks
}

TEST(SteereInchwormEncoder, BlueSeesTheBoardTurnedHalfRound) {
  // Every position and its half-turned, colour-swapped image (other side to
  // move, borne-off counts swapped) encode identically.
  auto game = make();
  auto enc = make_steere_inchworm_encoder(*game);
  const int n = game->grid().num_cells();
  std::mt19937_64 rng(8);
  auto s = std::unique_ptr<SteereState>(static_cast<SteereState*>(game->initial_state().release()));
  for (int ply = 0; ply < 120 && !s->is_terminal(); ++ply) {
    steere::Board turned;
    for (int c = 0; c < n; ++c)
      for (int h = 0; h < s->board().height[c]; ++h)
        turned.push(n - 1 - c, 1 - s->board().owner[c]);
    auto t =
        std::unique_ptr<SteereState>(static_cast<SteereState*>(game->initial_state().release()));
    t->set_position(turned, 1 - s->to_move(), s->borne_off(steere::kBlue),
                    s->borne_off(steere::kRed), s->ply());
    ASSERT_EQ(encode(*enc, *s), encode(*enc, *t)) << s->to_position();
    auto legal = s->legal_actions();
    s->apply_action(legal[rng() % legal.size()]);
  }
}

}  // namespace
}  // namespace inchzero
