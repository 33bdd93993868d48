// The draw-seeker on explicit game trees (tests/learning/toy_games.h): it
// takes a sure draw over a loss and over a win the opponent can refute, as
// either colour, where plain UCT with the same budget takes the risky win.
#include "lab/draw_seeker.h"

#include <gtest/gtest.h>

#include "core/game.h"
#include "lab/lab_players.h"
#include "selfplay/players/player_spec.h"
#include "tests/learning/toy_games.h"

namespace inchzero::lab {
namespace {

using toy::ScriptNode;

// The seeker (`me`) chooses at the root: action 0 draws at once, action 1
// loses at once, action 2 is a risky win: the opponent picks one of 20
// replies, 19 of which lose for it and one (the last) wins for it.
constexpr int kReplies = 20;

std::shared_ptr<const Game> draw_loss_or_risky_win(int me) {
  const int other = 1 - me;
  std::vector<ScriptNode> nodes = {
      {me, {1, 2, 3}, kNoPlayer, false},  // 0: root
      {0, {}, kNoPlayer, false},          // 1: draw
      {0, {}, other, false},              // 2: loss
      {other, {}, kNoPlayer, false},      // 3: the opponent replies
  };
  for (int r = 0; r < kReplies; ++r) {
    nodes[3].children.push_back(static_cast<int>(nodes.size()));
    nodes.push_back({0, {}, r + 1 < kReplies ? me : other, false});
  }
  return toy::make_scripted_game(nodes);
}

TEST(DrawSeeker, PrefersTheSureDrawToALossAndToARiskyWin) {
  register_lab_players();
  for (int me : {0, 1}) {
    auto game = draw_loss_or_risky_win(me);
    auto seeker = make_player_factory("drawseek:60", game);
    // Plain UCT with the same budget takes the risky win (19 of 20 replies
    // lose for the opponent, and 30 playouts do not find the refutation),
    // so the seeker's choice is its draw value's doing.
    auto plain = make_player_factory("uct:60", game);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      auto state = game->initial_state();
      EXPECT_EQ(seeker->make(seed)->choose_move(*state), (Move{0}))
          << "player " << me << ", seed " << seed;
      EXPECT_EQ(plain->make(seed)->choose_move(*state), (Move{2}))
          << "player " << me << ", seed " << seed;
    }
  }
}

TEST(DrawSeeker, PlainUctStillValuesADrawBelowAWin) {
  // The draw value is the UCT player's only change, and it defaults to ½:
  // offered a draw (action 0) or a win whatever the opponent replies
  // (action 1), plain UCT takes the win.
  std::vector<ScriptNode> nodes = {
      {0, {1, 2}, kNoPlayer, false},
      {0, {}, kNoPlayer, false},
      {1, {3, 4}, kNoPlayer, false},
      {0, {}, 0, false},
      {0, {}, 0, false},
  };
  auto game = toy::make_scripted_game(nodes);
  auto uct = make_player_factory("uct:100", game);
  EXPECT_EQ(uct->make(1)->choose_move(*game->initial_state()), (Move{1}));
}

TEST(DrawSeeker, SpecReadsLikeUctAndNamesItself) {
  register_lab_players();
  auto game = draw_loss_or_risky_win(0);
  EXPECT_EQ(make_player_factory("drawseek:50:rollout_plies=10", game)->describe(),
            "drawseek:50:rollout_plies=10");
  try {
    make_player_factory("drawseek:0", game);
    FAIL() << "zero playouts accepted";
  } catch (const GameError& e) {
    EXPECT_NE(std::string(e.what()).find("player spec 'drawseek:0'"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(make_player_factory("drawseek", game), GameError);
}

}  // namespace
}  // namespace inchzero::lab
