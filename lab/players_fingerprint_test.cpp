#include "lab/players_fingerprint.h"

#include <gtest/gtest.h>

namespace inchzero::lab {
namespace {

// Only the players of the file whose fingerprints differ are named, with
// both values; a player missing on one side counts as changed.
TEST(PlayersFingerprint, NamesOnlyThePlayersThatChanged) {
  const std::string was = "siege:3=00000000000000aa wall=00000000000000bb waiter=00000000000000cc";
  const std::vector<std::string> all = {"siege:3", "wall", "waiter", "greedy"};
  EXPECT_EQ(changed_players(was, was, all), "");
  const std::string wall_changed =
      "siege:3=00000000000000aa wall=00000000000000dd waiter=00000000000000cc";
  EXPECT_EQ(changed_players(was, wall_changed, all),
            " `wall` (00000000000000bb, now 00000000000000dd)");
  EXPECT_EQ(changed_players("wall=1", "wall=1 greedy=2", all), " `greedy` (none, now 2)");
  EXPECT_EQ(changed_players("wall=1 greedy=2", "wall=1", all), " `greedy` (2, now none)");
}

// A file's games are judged by its own players: a gate match against the
// waiter keeps when only the builder changed, a cell of the builder's does
// not; a player no seed fixes (no fingerprint on either side) is skipped.
TEST(PlayersFingerprint, ComparesOnlyThePlayersOfTheFile) {
  const std::string was = "siege:3=00000000000000aa wall=00000000000000bb waiter=00000000000000cc";
  const std::string now = "siege:3=00000000000000aa wall=00000000000000dd waiter=00000000000000cc";
  EXPECT_EQ(changed_players(was, now, {"siege:3", "waiter"}), "");
  EXPECT_EQ(changed_players(was, now, {"siege:3", "wall", "uct:1000"}),
            " `wall` (00000000000000bb, now 00000000000000dd)");
}

}  // namespace
}  // namespace inchzero::lab
