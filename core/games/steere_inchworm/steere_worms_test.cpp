// Worm recognition: groups, the worm condition, head and tail in each
// owner's frame (RULINGS §3, "Worms").
#include <gtest/gtest.h>

#include "core/games/steere_inchworm/steere_test_util.h"

namespace inchzero::steere {
namespace {

using testing::at;
using testing::make5;

struct Ends {
  std::string head, tail;
  int length;
  bool operator==(const Ends& o) const {
    return head == o.head && tail == o.tail && length == o.length;
  }
};
std::ostream& operator<<(std::ostream& out, const Ends& e) {
  return out << "head " << e.head << " tail " << e.tail << " length " << e.length;
}

// The single worm of `player` in `position` (5 x 5).
Ends only_worm(const std::string& position, int player) {
  auto game = make5();
  auto s = at(*game, position);
  const std::vector<Worm> worms = s->worms(player);
  EXPECT_EQ(worms.size(), 1u) << position;
  if (worms.empty()) return {};
  const Grid& g = game->grid();
  return {g.square_name(worms[0].head), worms[0].tail < 0 ? "-" : g.square_name(worms[0].tail),
          worms[0].length};
}

TEST(SteereWorms, RedHeadIsTheForwardmostEnd) {
  // a1-a2-b2: b2 is on a higher rank than a1.
  EXPECT_EQ(only_worm("....b/...../...../rr.../r.... r 0 0 0", kRed), (Ends{"b2", "a1", 3}));
  // a3-a2-b2-c2: a3 is further forward although c2 is further right.
  EXPECT_EQ(only_worm("....b/...../r..../rrr../..... r 0 0 0", kRed), (Ends{"a3", "c2", 4}));
}

TEST(SteereWorms, RedHeadOnTheSameRankIsTheRightmostEnd) {
  EXPECT_EQ(only_worm("....b/...../...../...../rrr.. r 0 0 0", kRed), (Ends{"c1", "a1", 3}));
}

TEST(SteereWorms, BlueForwardIsDownAndRightIsLeft) {
  // Blue's forward is toward rank 1: of c4-c3 the head is c3.
  EXPECT_EQ(only_worm("r..../..b../..b../...../..... b 0 0 0", kBlue), (Ends{"c3", "c4", 2}));
  // Same rank: Blue's right is toward file a.
  EXPECT_EQ(only_worm("r..../...../...../...../bbb.. b 0 0 0", kBlue), (Ends{"a1", "c1", 3}));
  // Different ranks win over files: of b4 and d2 Blue's head is d2.
  EXPECT_EQ(only_worm("r..../.b.../.bbb./...b./..... b 0 0 0", kBlue), (Ends{"d2", "b4", 5}));
}

TEST(SteereWorms, LengthCountsSquaresNotCheckers) {
  EXPECT_EQ(only_worm("....b/...../...../...../r3r2... r 0 0 0", kRed), (Ends{"b1", "a1", 2}));
  // A lone stack, however tall, is a worm of length one with a head only.
  EXPECT_EQ(only_worm("....b/...../..r4../...../..... r 0 0 0", kRed), (Ends{"c3", "-", 1}));
}

TEST(SteereWorms, SeparateGroupsAreSeparateWorms) {
  auto game = make5();
  auto s = at(*game, "....b/...../r.r../r.r../..... r 0 0 0");
  EXPECT_EQ(s->worms(kRed).size(), 2u);
  EXPECT_EQ(s->worms(kBlue).size(), 1u);
}

TEST(SteereWorms, BranchesAndLoopsAreNotWorms) {
  auto game = make5();
  // A T: b2 has three like neighbours.
  EXPECT_THROW(at(*game, "....b/...../.r.../rrr../..... r 0 0 0"), GameError);
  // A 2 x 2 loop: every stack has two neighbours, but the edges close a cycle.
  EXPECT_THROW(at(*game, "....b/...../...../rr.../rr... r 0 0 0"), GameError);
  // Blue's groups are checked too.
  EXPECT_THROW(at(*game, "r..../...../.b.../bbb../..... r 0 0 0"), GameError);
  try {
    at(*game, "....b/...../.r.../rrr../..... r 0 0 0");
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("not a worm"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace inchzero::steere
