// The retrograde solver's position keys: each image's key names the image
// (unpack reads the field layout pack writes), pack is the least image, and
// both hold on boards whose board fields fit 64 bits and on those that need
// the full 128.
#include "core/solver/inchworm_key.h"

#include <gtest/gtest.h>

#include <random>

#include "core/registry.h"

namespace inchzero::solver {
namespace {

using inchworm::InchwormGame;
using inchworm::InchwormState;

// Positions along seeded random games (move boundaries only).
std::vector<std::unique_ptr<InchwormState>> random_positions(const InchwormGame& game, int games,
                                                             uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::unique_ptr<InchwormState>> out;
  for (int g = 0; g < games; ++g) {
    auto state = std::unique_ptr<InchwormState>(
        dynamic_cast<InchwormState*>(game.initial_state().release()));
    for (int ply = 0; ply < 60 && !state->is_terminal(); ++ply) {
      out.push_back(state->clone_state());
      const std::vector<Move> moves = state->legal_moves();
      state->apply_move(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return out;
}

void expect_image_named(const InchwormKeyCodec& codec, const InchwormState& s, int sym) {
  const inchworm::Position& pos = s.position();
  const std::unique_ptr<InchwormState> image = codec.unpack(codec.pack_image(s, sym));
  const inchworm::Position& got = image->position();
  const inchworm::Geometry& geometry = codec.game().geometry();
  for (int c = 0; c < geometry.num_cells(); ++c) {
    const int to = geometry.transform_cell(c, sym);
    ASSERT_EQ(got.owner(to), pos.owner(c)) << s.to_position() << " image " << sym << " cell " << c;
    if (pos.owner(c) != inchworm::kEmpty) {
      ASSERT_EQ(got.height(to), pos.height(c));
    }
  }
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(got.stock(p), pos.stock(p));
    EXPECT_EQ(got.prisoners(p), pos.prisoners(p));
    EXPECT_EQ(got.score(p), pos.score(p));
  }
  EXPECT_EQ(got.to_move(), pos.to_move());
  EXPECT_EQ(image->pass_streak(), s.pass_streak());
  if (codec.keys_ply()) {
    EXPECT_EQ(image->ply(), s.ply());
  }
}

TEST(InchwormKey, EveryImageIsNamedAndPackIsTheLeast) {
  const std::vector<std::vector<std::string>> boards = {
      // 36 board bits, 8 symmetries.
      {"width=3", "height=3", "stock=4", "target_score=4", "max_plies=0", "repetition_draw=0"},
      // 48 board bits, 4 symmetries, the counters in the key.
      {"width=3", "height=4", "stock=5", "target_score=4", "max_plies=200", "no_capture_limit=8",
       "repetition_draw=0"},
      // 75 board bits: the 128-bit images.
      {"width=5", "height=5", "stock=3", "target_score=3", "max_plies=0", "repetition_draw=0"},
      {"width=4", "height=3", "stock=4", "target_score=4", "topology=cylinder", "max_plies=0",
       "repetition_draw=0"}};
  uint64_t seed = 1;
  for (const auto& set : boards) {
    auto game = load_game("inchworm", "", set);
    const auto& iw = dynamic_cast<const InchwormGame&>(*game);
    const InchwormKeyCodec codec(iw, true);
    const int symmetries = iw.geometry().num_symmetries();
    SCOPED_TRACE(testing::PrintToString(set));
    const auto positions = random_positions(iw, 20, seed++);
    ASSERT_GT(positions.size(), 100u);
    for (const auto& s : positions) {
      PositionKey least = codec.pack_image(*s, 0);
      for (int sym = 0; sym < symmetries; ++sym) {
        expect_image_named(codec, *s, sym);
        least = std::min(least, codec.pack_image(*s, sym));
      }
      ASSERT_EQ(key_text(codec.pack(*s)), key_text(least)) << s->to_position();
      // With both counters in the key, the whole notation comes back.
      if (codec.keys_ply() && iw.rules().no_capture_limit > 0) {
        EXPECT_EQ(codec.unpack(codec.pack_image(*s, 0))->to_position(), s->to_position());
      }
    }
  }
}

}  // namespace
}  // namespace inchzero::solver
