// Interface-level checks of a game through random playouts (header-only,
// used by the Invector and Steere's Inchworm tests): decisions == full moves,
// notation and position round trips, clone/hash consistency, and that every
// symmetry permutes the action space.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "core/game.h"

namespace inchzero::testing {

inline void check_action_permutations(const Game& game) {
  for (int sym = 0; sym < game.num_symmetries(); ++sym) {
    std::vector<bool> hit(game.num_actions(), false);
    for (Action a = 0; a < game.num_actions(); ++a) {
      const Action b = game.transform_action(a, sym);
      ASSERT_TRUE(b >= 0 && b < game.num_actions()) << "symmetry " << sym << " maps " << a;
      EXPECT_FALSE(hit[b]) << "symmetry " << sym << " maps two actions onto " << b;
      hit[b] = true;
      if (sym == 0) {
        EXPECT_EQ(a, b) << "symmetry 0 must be the identity";
      }
    }
  }
}

// One state's checks.
inline void check_state(const Game& game, const State& s) {
  const std::vector<Action> actions = s.legal_actions();
  EXPECT_TRUE(std::is_sorted(actions.begin(), actions.end()));
  EXPECT_EQ(actions.empty(), s.is_terminal());
  // Full moves: distinct, first decisions == the legal decisions.
  const std::vector<Move> moves = s.legal_moves();
  std::set<Action> firsts;
  std::set<std::string> names;
  for (const Move& m : moves) {
    ASSERT_FALSE(m.empty());
    firsts.insert(m.front());
    const std::string text = s.move_to_string(m);
    EXPECT_TRUE(names.insert(text).second) << "two moves print as " << text;
    EXPECT_EQ(s.parse_move(text), m) << text;
    auto child = s.clone();
    for (Action a : m) {
      const auto now = child->legal_actions();
      ASSERT_TRUE(std::binary_search(now.begin(), now.end(), a)) << text;
      child->apply_action(a);
    }
    EXPECT_EQ(child->ply(), s.ply() + 1);
  }
  EXPECT_EQ(std::set<Action>(actions.begin(), actions.end()), firsts);
  // Position round trip and hashing.
  auto copy = game.state_from_position(s.to_position());
  EXPECT_EQ(copy->to_position(), s.to_position());
  EXPECT_EQ(copy->hash(), s.hash());
  EXPECT_EQ(copy->legal_actions(), actions);
  EXPECT_EQ(copy->is_terminal(), s.is_terminal());
  EXPECT_EQ(copy->winner(), s.winner());
  EXPECT_EQ(s.clone()->hash(), s.hash());
}

// `games` random games from the start (seeded), checking every state.
// Returns the number of states checked.
inline int check_random_playouts(const Game& game, int games, uint64_t seed,
                                 int max_plies = 400) {
  std::mt19937_64 rng(seed);
  int checked = 0;
  std::set<uint64_t> hashes;
  for (int g = 0; g < games; ++g) {
    auto s = game.initial_state();
    for (int ply = 0; ply < max_plies; ++ply) {
      check_state(game, *s);
      ++checked;
      if (::testing::Test::HasFailure()) return checked;
      if (s->is_terminal()) break;
      const auto actions = s->legal_actions();
      const Action a = actions[rng() % actions.size()];
      auto twin = s->clone();
      s->apply_action(a);
      twin->apply_action(a);
      EXPECT_EQ(twin->hash(), s->hash());
      EXPECT_EQ(twin->to_position(), s->to_position());
      hashes.insert(s->hash());
    }
  }
  // Different positions must (almost always) hash differently.
  EXPECT_GT(hashes.size(), static_cast<size_t>(checked) / 4);
  return checked;
}

}  // namespace inchzero::testing
