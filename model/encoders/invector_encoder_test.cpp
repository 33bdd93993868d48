#include "model/encoders/invector_encoder.h"

#include <gtest/gtest.h>

#include <random>

#include "core/games/invector/invector.h"
#include "core/games/invector/invector_state.h"

namespace inchzero {
namespace {

using invector::InvectorGame;
using invector::InvectorState;

std::shared_ptr<const InvectorGame> make(const std::vector<std::string>& overrides = {}) {
  return std::dynamic_pointer_cast<const InvectorGame>(
      invector::make_game(load_rule_options(invector::schema(), "", overrides)));
}

std::vector<float> encode(const Encoder& e, const State& s, int sym = 0) {
  std::vector<float> out(e.shape().size(), -1.0f);
  e.encode(s, sym, out.data());
  return out;
}

std::unique_ptr<InvectorState> with_board(const InvectorState& s,
                                          const std::array<int8_t, InvectorState::kMaxCells>& b,
                                          int to_move) {
  auto out = std::unique_ptr<InvectorState>(
      static_cast<InvectorState*>(s.game().initial_state().release()));
  out->set_position(b, to_move, s.pie_pending(), s.ply());
  return out;
}

TEST(InvectorEncoder, ShapeAndOwnStonesFirst) {
  auto game = make();
  auto enc = make_invector_encoder(*game);
  EXPECT_EQ(enc->shape().channels, 8);
  EXPECT_EQ(enc->shape().height, 7);
  EXPECT_EQ(enc->shape().width, 8);
  auto s = game->initial_state();
  const int n = 56, a1 = 0, b1 = 1;
  std::vector<float> x = encode(*enc, *s);
  EXPECT_EQ(x[0 * n + a1], 1.0f);  // Black (to move) on a1
  EXPECT_EQ(x[1 * n + b1], 1.0f);  // White on b1
  EXPECT_EQ(x[3 * n + game->centre_pit(0)], 1.0f);
  EXPECT_EQ(x[4 * n], 1.0f);  // pie pending
  EXPECT_EQ(x[5 * n], 0.0f);  // Black to move
  s->apply_move(s->parse_move("a1xb1"));
  x = encode(*enc, *s);
  EXPECT_EQ(x[0 * n + a1], 0.0f);
  EXPECT_EQ(x[0 * n + 2], 0.0f);  // c1 is Black's: "theirs" now
  EXPECT_EQ(x[1 * n + 2], 1.0f);
  EXPECT_EQ(x[1 * n + b1], 1.0f);  // Black's stone now on b1
  EXPECT_EQ(x[5 * n], 1.0f);       // White to move
  for (float v : x) EXPECT_TRUE(v >= 0.0f && v <= 1.0f);
}

TEST(InvectorEncoder, ColoursDoNotMatterOnlyTheMover) {
  // The same stones with colours exchanged and the other side to move encode
  // alike, but for the "we are White" plane.
  auto game = make({"width=5", "height=4", "pie=false"});
  auto enc = make_invector_encoder(*game);
  auto s = std::unique_ptr<InvectorState>(
      static_cast<InvectorState*>(game->state_from_position("2w2/1bw1b/w4/3b1 b - 7").release()));
  std::array<int8_t, InvectorState::kMaxCells> swapped{};
  swapped.fill(invector::kNoStone);
  for (int c = 0; c < 20; ++c)
    if (s->owner(c) != invector::kNoStone) swapped[c] = static_cast<int8_t>(1 - s->owner(c));
  auto t = with_board(*s, swapped, invector::kWhite);
  std::vector<float> x = encode(*enc, *s), y = encode(*enc, *t);
  const int n = 20;
  for (int i = 0; i < 8 * n; ++i) {
    if (i / n == 5) {
      EXPECT_EQ(y[i] - x[i], 1.0f);
    } else {
      EXPECT_EQ(x[i], y[i]) << "plane " << i / n << " square " << i % n;
    }
  }
}

TEST(InvectorEncoder, SymmetryEqualsEncodingTheMirroredPosition) {
  auto game = make({"width=5", "height=4", "max_plies=40"});
  auto enc = make_invector_encoder(*game);
  std::mt19937_64 rng(3);
  auto s =
      std::unique_ptr<InvectorState>(static_cast<InvectorState*>(game->initial_state().release()));
  for (int ply = 0; ply < 12 && !s->is_terminal(); ++ply) {
    for (int sym = 0; sym < game->num_symmetries(); ++sym) {
      std::array<int8_t, InvectorState::kMaxCells> b{};
      b.fill(invector::kNoStone);
      for (int c = 0; c < 20; ++c)
        b[game->transform_cell(c, sym)] = static_cast<int8_t>(s->owner(c));
      EXPECT_EQ(encode(*enc, *s, sym), encode(*enc, *with_board(*s, b, s->to_move())))
          << "symmetry " << sym << " at " << s->to_position();
    }
    auto legal = s->legal_actions();
    s->apply_action(legal[rng() % legal.size()]);
  }
}

TEST(InvectorEncoder, RejectsOtherGames) {
  struct NotInvector : Game {
    std::string name() const override { return "other"; }
    const RuleOptions& options() const override { throw GameError("none"); }
    std::unique_ptr<State> initial_state() const override { return nullptr; }
    std::unique_ptr<State> state_from_position(const std::string&) const override {
      return nullptr;
    }
    int num_actions() const override { return 1; }
    std::string action_to_string(Action) const override { return ""; }
    int max_game_length() const override { return 1; }
  } other;
  EXPECT_THROW(make_invector_encoder(other), GameError);
}

}  // namespace
}  // namespace inchzero
