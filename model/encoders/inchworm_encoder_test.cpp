#include "model/encoders/inchworm_encoder.h"

#include <gtest/gtest.h>

#include <random>

#include "core/games/inchworm/inchworm_state.h"
#include "core/registry.h"

namespace inchzero {
namespace {

using inchworm::InchwormGame;
using inchworm::InchwormState;

std::shared_ptr<const InchwormGame> make(const std::vector<std::string>& overrides) {
  return std::dynamic_pointer_cast<const InchwormGame>(load_game("inchworm", "", overrides));
}

std::vector<float> encode(const Encoder& e, const State& s, int sym) {
  std::vector<float> out(e.shape().size(), -7.0f);
  e.encode(s, sym, out.data());
  return out;
}

TEST(InchwormEncoder, RegisteredAndShaped) {
  auto g = make({"width=6", "height=5"});
  auto enc = make_encoder(*g);
  EXPECT_EQ(enc->shape().channels, 43);
  const auto names = enc->plane_names();
  ASSERT_EQ(names.size(), 43u);
  EXPECT_EQ(names[34], "pieces_left");
  EXPECT_EQ(names[35], "our_groups_1_liberty");
  EXPECT_EQ(names[42], "our_single_liberties");
  EXPECT_EQ(enc->shape().height, 5);
  EXPECT_EQ(enc->shape().width, 6);
}

TEST(InchwormEncoder, MoversViewAndMoveInProgress) {
  auto g = make({});
  auto enc = make_encoder(*g);
  auto s = g->new_state_from_position("8/8/8/8/3,R3,4/8/8/4,B1,3 r 20,25 1,0 2,0");
  const int n = 64, d4 = s->geometry().parse_square("d4"), e1 = s->geometry().parse_square("e1");
  std::vector<float> x = encode(*enc, *s, 0);
  EXPECT_EQ(x[0 * n + d4], 1.0f);
  EXPECT_EQ(x[1 * n + e1], 1.0f);
  EXPECT_EQ(x[2 * n + d4], 1.0f);  // height >= 2
  EXPECT_EQ(x[3 * n + d4], 1.0f);  // height >= 3
  EXPECT_EQ(x[4 * n + d4], 0.0f);
  EXPECT_FLOAT_EQ(x[16 * n], 20.0f / 25.0f);  // our stock
  EXPECT_FLOAT_EQ(x[20 * n + 5], 2.0f / 60.0f);
  EXPECT_EQ(x[25 * n], 1.0f);  // Red
  EXPECT_EQ(x[27 * n], 0.0f);
  // Start distributing d4: the move in progress shows.
  s->apply_action(g->layout().distribute_from(d4));
  x = encode(*enc, *s, 0);
  EXPECT_EQ(x[27 * n], 1.0f);
  EXPECT_EQ(x[29 * n], 1.0f);
  EXPECT_EQ(x[30 * n + d4], 1.0f);
  EXPECT_EQ(x[32 * n + d4], 1.0f);
  EXPECT_FLOAT_EQ(x[34 * n], 2.0f / 16.0f);
  EXPECT_EQ(x[0 * n + d4], 1.0f);  // one piece stays
  EXPECT_EQ(x[2 * n + d4], 0.0f);
  // After the move Blue is "us".
  for (Action a : {g->layout().to(d4 + 1), g->layout().to(d4 + 2)}) s->apply_action(a);
  x = encode(*enc, *s, 0);
  EXPECT_EQ(x[0 * n + e1], 1.0f);
  EXPECT_EQ(x[1 * n + d4], 1.0f);
  EXPECT_EQ(x[25 * n], 0.0f);
  for (float v : x) EXPECT_TRUE(v >= -1.0f && v <= 1.0f);
}

// The liberty planes on a hand-made position, Red to move ("us"): Red a1 has
// one liberty (a2; b1 is Blue), Blue b1 two (b2, c1), Red d4-e4 six. On a
// torus a1 also has h1 and a8, and b1 has b8.
TEST(InchwormEncoder, LibertyPlanes) {
  const std::string position = "8/8/8/8/3,R1,R1,3/8/8/R1,B1,6 r 20,25 1,0 2,0";
  for (const char* topology : {"flat", "torus"}) {
    SCOPED_TRACE(topology);
    auto g = make({std::string("topology=") + topology});
    auto enc = make_encoder(*g);
    auto s = g->new_state_from_position(position);
    const auto& geo = s->geometry();
    const int n = 64;
    const std::vector<float> x = encode(*enc, *s, 0);
    auto cells = [&](int plane) {
      std::vector<std::string> names;
      for (int c = 0; c < n; ++c) {
        if (x[plane * n + c] == 1.0f) {
          names.push_back(geo.square_name(c));
        } else {
          EXPECT_EQ(x[plane * n + c], 0.0f);
        }
      }
      return names;
    };
    using V = std::vector<std::string>;
    const bool torus = std::string(topology) == "torus";
    EXPECT_EQ(cells(35), torus ? V{} : V{"a1"});  // our groups in atari
    EXPECT_EQ(cells(36), V{});
    EXPECT_EQ(cells(37), torus ? (V{"a1", "d4", "e4"}) : (V{"d4", "e4"}));
    EXPECT_EQ(cells(38), V{});
    EXPECT_EQ(cells(39), torus ? V{} : V{"b1"});  // torus: b8 is a third liberty
    EXPECT_EQ(cells(40), torus ? V{"b1"} : V{});
    EXPECT_EQ(cells(41), V{});                    // none of theirs in atari
    EXPECT_EQ(cells(42), torus ? V{} : V{"a2"});  // our group's last liberty
  }
}

// With enclosure_capture a group's own eye is not a liberty: Red a2-b2-b1
// (Blue on a3, b3, c2) has a1 and c1 without it, only c1 with it.
TEST(InchwormEncoder, LibertyPlanesFollowEnclosureCapture) {
  const std::string position = "8/8/8/8/8/B1,B1,6/R1,R1,B1,5/1,R1,6 r 20,25 1,0 2,0";
  for (const bool enclosure : {false, true}) {
    SCOPED_TRACE(enclosure);
    auto g = make({std::string("enclosure_capture=") + (enclosure ? "true" : "false")});
    auto enc = make_encoder(*g);
    auto s = g->new_state_from_position(position);
    const auto& geo = s->geometry();
    const std::vector<float> x = encode(*enc, *s, 0);
    const int n = 64, a2 = geo.parse_square("a2"), a1 = geo.parse_square("a1"),
              c1 = geo.parse_square("c1");
    EXPECT_EQ(x[35 * n + a2], enclosure ? 1.0f : 0.0f);  // one liberty
    EXPECT_EQ(x[36 * n + a2], enclosure ? 0.0f : 1.0f);  // two
    EXPECT_EQ(x[42 * n + c1], enclosure ? 1.0f : 0.0f);  // our group's last liberty
    EXPECT_EQ(x[42 * n + a1], 0.0f);
    EXPECT_EQ(x[40 * n + geo.parse_square("a3")], 1.0f);  // Blue a3-b3: a4, b4, c3
  }
}

// encode(state, sym) is the symmetric image of encode(state, 0), for every
// symmetry, at boundary and mid-move states.
TEST(InchwormEncoder, SymmetryImagesMatch) {
  for (const char* topology : {"flat", "cylinder", "torus"})
    for (const char* width : {"width=5", "width=7"}) {
      auto g = make({width, "height=5", "stock=10", std::string("topology=") + topology});
      auto enc = make_encoder(*g);
      const int n = g->geometry().num_cells(), planes = enc->shape().channels;
      std::mt19937_64 rng(11);
      for (int game = 0; game < 3; ++game) {
        auto s = g->new_initial_state();
        for (int step = 0; !s->is_terminal() && step < 300; ++step) {
          if (step % 5 == 0) {
            const std::vector<float> base = encode(*enc, *s, 0);
            for (int sym = 0; sym < g->num_symmetries(); ++sym) {
              const std::vector<float> x = encode(*enc, *s, sym);
              for (int p = 0; p < planes; ++p)
                for (int c = 0; c < n; ++c)
                  ASSERT_EQ(x[p * n + g->geometry().transform_cell(c, sym)], base[p * n + c])
                      << "plane " << p << " sym " << sym;
            }
          }
          std::vector<Action> legal = s->legal_actions();
          s->apply_action(legal[rng() % legal.size()]);
        }
      }
    }
}

TEST(InchwormEncoder, RejectsOtherGames) {
  auto other = load_game("invector");
  EXPECT_THROW(make_inchworm_encoder(*other), GameError);
}

}  // namespace
}  // namespace inchzero
