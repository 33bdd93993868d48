#include "lab/players_fingerprint.h"

#include <gtest/gtest.h>

namespace inchzero::lab {
namespace {

// Only the players whose fingerprints differ are named, with both values; a
// player missing on one side counts as changed.
TEST(PlayersFingerprint, NamesOnlyThePlayersThatChanged) {
  const std::string was = "siege:3=00000000000000aa wall=00000000000000bb waiter=00000000000000cc";
  EXPECT_EQ(changed_players(was, was), "");
  EXPECT_EQ(changed_players(was,
                            "siege:3=00000000000000aa wall=00000000000000dd "
                            "waiter=00000000000000cc"),
            " `wall` (00000000000000bb, now 00000000000000dd)");
  EXPECT_EQ(changed_players("wall=1", "wall=1 greedy=2"), " `greedy` (none, now 2)");
  EXPECT_EQ(changed_players("wall=1 greedy=2", "wall=1"), " `greedy` (2, now none)");
}

}  // namespace
}  // namespace inchzero::lab
