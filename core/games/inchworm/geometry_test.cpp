// Geometry: neighbour tables and bitboard spreads agree for every topology;
// symmetries preserve adjacency and map legal decisions to legal decisions.
#include "core/games/inchworm/geometry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "core/games/inchworm/test_support.h"

namespace inchzero::inchworm {
namespace {

const Topology kTopologies[] = {Topology::kFlat, Topology::kCylinder, Topology::kTorus};

TEST(Geometry, NeighbourCountsFollowTheTopology) {
  const Geometry flat(8, 8, Topology::kFlat), cyl(8, 8, Topology::kCylinder),
      torus(8, 8, Topology::kTorus);
  const int a1 = flat.parse_square("a1"), d4 = flat.parse_square("d4");
  EXPECT_EQ(flat.num_orth_neighbours(a1), 2);
  EXPECT_EQ(flat.num_king_neighbours(a1), 3);
  EXPECT_EQ(cyl.num_orth_neighbours(a1), 3);
  EXPECT_EQ(cyl.num_king_neighbours(a1), 5);
  EXPECT_EQ(torus.num_orth_neighbours(a1), 4);
  EXPECT_EQ(torus.num_king_neighbours(a1), 8);
  EXPECT_EQ(flat.num_king_neighbours(d4), 8);
  EXPECT_EQ(cyl.step(a1, 6), cyl.parse_square("h1"));  // west over the seam
  EXPECT_EQ(torus.step(a1, 5), torus.parse_square("h8"));
  EXPECT_EQ(flat.step(a1, 6), -1);
  EXPECT_EQ(flat.edges_of(a1), kEdgeWest | kEdgeSouth);
  EXPECT_EQ(cyl.edges_of(a1), kEdgeSouth);
  EXPECT_EQ(torus.edges_of(a1), 0);
}

TEST(Geometry, SquareNames) {
  const Geometry g(16, 16, Topology::kFlat);
  for (int c = 0; c < g.num_cells(); ++c) EXPECT_EQ(g.parse_square(g.square_name(c)), c);
  EXPECT_EQ(g.square_name(255), "p16");
  for (const char* bad : {"", "a", "a0", "a17", "q1", "A1", "a01", "1a", "a1x"})
    EXPECT_EQ(g.parse_square(bad), -1) << bad;
}

TEST(Geometry, BitboardSpreadEqualsNeighbourLists) {
  std::mt19937_64 rng(7);
  for (Topology t : kTopologies)
    for (auto [w, h] : {std::pair{3, 3}, {8, 8}, {5, 7}, {16, 16}, {16, 3}, {3, 16}, {11, 13}}) {
      const Geometry g(w, h, t);
      for (int trial = 0; trial < 50; ++trial) {
        Bits x;
        for (int c = 0; c < g.num_cells(); ++c)
          if (rng() % 4 == 0) x.set(c);
        Bits expected;
        for_each_cell(x, [&](int c) {
          for (int i = 0; i < g.num_orth_neighbours(c); ++i) expected.set(g.orth_neighbours(c)[i]);
        });
        ASSERT_EQ(g.orth_spread(x), expected) << w << "x" << h << " topology " << int(t);
      }
    }
}

// flood against a breadth-first search over the neighbour lists, on random
// sets dense enough for long winding regions (the flat one-word boards take
// the run-filling path, the others the step-by-step one).
TEST(Geometry, FloodEqualsNeighbourSearch) {
  std::mt19937_64 rng(11);
  for (Topology t : kTopologies)
    for (auto [w, h] : {std::pair{3, 3}, {8, 8}, {5, 7}, {16, 4}, {4, 16}, {3, 16}, {11, 13}}) {
      const Geometry g(w, h, t);
      for (int trial = 0; trial < 200; ++trial) {
        Bits within, seeds;
        const int density = 2 + trial % 3;  // 1/2, 2/3, 3/4 of the cells
        for (int c = 0; c < g.num_cells(); ++c) {
          if (rng() % density != 0) within.set(c);
          if (rng() % 16 == 0) seeds.set(c);
        }
        Bits expected = seeds & within;
        std::vector<int> queue;
        for_each_cell(expected, [&](int c) { queue.push_back(c); });
        while (!queue.empty()) {
          const int c = queue.back();
          queue.pop_back();
          for (int i = 0; i < g.num_orth_neighbours(c); ++i) {
            const int n = g.orth_neighbours(c)[i];
            if (within.test(n) && !expected.test(n)) expected.set(n), queue.push_back(n);
          }
        }
        ASSERT_EQ(g.flood(seeds, within), expected) << w << "x" << h << " topology " << int(t);
      }
    }
}

TEST(Geometry, SymmetriesPreserveAdjacency) {
  for (Topology t : kTopologies)
    for (auto [w, h] : {std::pair{8, 8}, {5, 7}, {3, 3}}) {
      const Geometry g(w, h, t);
      EXPECT_EQ(g.num_symmetries(), w == h && t != Topology::kCylinder ? 8 : 4);
      for (int s = 0; s < g.num_symmetries(); ++s) {
        std::vector<int> image(g.num_cells());
        for (int c = 0; c < g.num_cells(); ++c) image[c] = g.transform_cell(c, s);
        std::vector<int> sorted = image;
        std::sort(sorted.begin(), sorted.end());
        for (int c = 0; c < g.num_cells(); ++c) ASSERT_EQ(sorted[c], c) << "not a permutation";
        if (s == 0) {
          for (int c = 0; c < g.num_cells(); ++c) ASSERT_EQ(image[c], c);
        }
        for (int c = 0; c < g.num_cells(); ++c)
          for (int d = 0; d < g.num_cells(); ++d) {
            ASSERT_EQ(g.king_mask(c).test(d), g.king_mask(image[c]).test(image[d]));
            const uint8_t* on = g.orth_neighbours(c);
            const bool orth =
                std::find(on, on + g.num_orth_neighbours(c), d) != on + g.num_orth_neighbours(c);
            const uint8_t* im = g.orth_neighbours(image[c]);
            const bool orth_image = std::find(im, im + g.num_orth_neighbours(image[c]), image[d]) !=
                                    im + g.num_orth_neighbours(image[c]);
            ASSERT_EQ(orth, orth_image);
          }
      }
    }
}

// The image of a state under a symmetry: cells moved, everything else kept.
std::unique_ptr<InchwormState> transformed(const InchwormState& s, int sym) {
  Position pos = s.position();
  for (int c = 0; c < s.geometry().num_cells(); ++c) pos.clear(c);
  for (int c = 0; c < s.geometry().num_cells(); ++c)
    if (s.owner(c) != kEmpty)
      pos.set_stack(s.geometry().transform_cell(c, sym), s.owner(c), s.height(c));
  auto g = std::dynamic_pointer_cast<const InchwormGame>(s.inchworm_game().shared_from_this());
  return std::make_unique<InchwormState>(g, pos, s.ply(), s.plies_since_capture(), s.pass_streak());
}

TEST(Geometry, SymmetriesMapLegalDecisions) {
  for (const char* topology : {"flat", "cylinder", "torus"})
    for (const char* size : {"width=5", "width=4"}) {
      auto g = testing::game({size, "height=5", "stock=8", std::string("topology=") + topology,
                              "max_edges_per_group=3"});
      std::mt19937_64 rng(3);
      for (int game_index = 0; game_index < 4; ++game_index) {
        auto s = g->new_initial_state();
        while (!s->is_terminal()) {
          std::vector<Action> legal = s->legal_actions();
          if (!s->in_compound_move()) {
            for (int sym = 0; sym < g->num_symmetries(); ++sym) {
              std::vector<Action> mapped;
              for (Action a : legal) mapped.push_back(g->transform_action(a, sym));
              std::sort(mapped.begin(), mapped.end());
              ASSERT_EQ(transformed(*s, sym)->legal_actions(), mapped)
                  << s->to_position() << " sym " << sym;
            }
          }
          s->apply_action(legal[rng() % legal.size()]);
        }
      }
    }
}

}  // namespace
}  // namespace inchzero::inchworm
