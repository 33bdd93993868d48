#include "selfplay/players/player_fingerprint.h"

#include <gtest/gtest.h>

#include "core/registry.h"

namespace inchzero {
namespace {

std::shared_ptr<const Game> small_inchworm() {
  return load_game("inchworm", "", {"width=5", "height=5", "stock=6", "target_score=8"});
}

// The same player gives the same fingerprint every time; a player that
// chooses other moves (another depth, another kind) gives another one; a
// player whose moves depend on the clock gives none.
TEST(PlayerFingerprint, FollowsWhatThePlayerPlays) {
  const auto game = small_inchworm();
  const std::string greedy = player_fingerprint(game, "greedy");
  EXPECT_EQ(greedy.size(), 16u);
  EXPECT_EQ(player_fingerprint(game, "greedy"), greedy);
  EXPECT_NE(player_fingerprint(game, "random"), greedy);
  EXPECT_NE(player_fingerprint(game, "ab:1"), player_fingerprint(game, "ab:2"));
  EXPECT_EQ(player_fingerprint(game, "ab:2:ms=5"), "");
  // The same player under other rules plays otherwise.
  const auto other =
      load_game("inchworm", "", {"width=5", "height=5", "stock=3", "target_score=8"});
  EXPECT_NE(player_fingerprint(other, "greedy"), greedy);
}

}  // namespace
}  // namespace inchzero
