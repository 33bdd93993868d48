// The decision action space (docs/action-space.md): every full move is a
// path of decisions, every decision offered can be completed, and nothing
// else is offered.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/games/chess/actions.h"
#include "core/games/chess/test_util.h"

namespace inchzero::chess {
namespace {

using testing::load_chess;
using testing::play;
using testing::start;

// All complete decision sequences reachable from `s` (at a boundary).
void expand(const ChessState& s, Move prefix, std::set<Move>& out) {
  const std::vector<Action> actions = s.legal_actions();
  ASSERT_FALSE(actions.empty()) << "dead end after " << prefix.size() << " decisions";
  ASSERT_TRUE(std::is_sorted(actions.begin(), actions.end()));
  for (Action a : actions) {
    ASSERT_GE(a, 0);
    ASSERT_LT(a, s.game().num_actions());
    ChessState child = s;
    child.apply_action(a);
    Move path = prefix;
    path.push_back(a);
    if (child.in_compound_move()) {
      expand(child, path, out);
    } else {
      EXPECT_EQ(child.ply(), s.ply() + 1);
      out.insert(path);
    }
  }
}

TEST(ActionSpace, DecisionTreeEqualsTheLegalMoves) {
  for (const char* which : {"fide", "inchworm", "longworm"}) {
    auto game = load_chess(which);
    EXPECT_EQ(game->num_actions(), 196);
    for (uint32_t seed = 1; seed <= 5; ++seed) {
      for (const auto& s : testing::random_walk(*game, seed, 120)) {
        if (s->is_terminal()) {
          EXPECT_TRUE(s->legal_actions().empty());
          continue;
        }
        std::set<Move> from_tree;
        expand(*s, {}, from_tree);
        const std::vector<Move> moves = s->legal_moves();
        ASSERT_EQ(std::set<Move>(moves.begin(), moves.end()), from_tree)
            << which << " " << s->to_position();
        ASSERT_EQ(moves.size(), from_tree.size());
      }
    }
  }
}

TEST(ActionSpace, MoveShapes) {
  using namespace actions;
  auto fide = start(*load_chess("fide"), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(fide->parse_move("a7a8n"),
            (Move{kFrom + parse_square("a7"), kTo + parse_square("a8"), kPromote + 3}));
  auto inch = start(*load_chess("inchworm"), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(inch->parse_move("a7a8"), (Move{kFrom + parse_square("a7"), kTo + parse_square("a8")}));
  play(*inch, "a7a8 e8d8");
  EXPECT_EQ(inch->parse_move("a7a8>a8q"), (Move{kOnto + parse_square("a8"), kPromote + 0}));
  EXPECT_EQ(inch->parse_move("a7a8>a7"), (Move{kOnto + parse_square("a7")}));
  EXPECT_EQ(inch->game().action_to_string(kOnto + parse_square("a8")), "onto a8");
  EXPECT_EQ(inch->game().action_to_string(kPromote + 1), "promote r");
}

TEST(ActionSpace, APartialMoveChangesTheHashAndIsShown) {
  auto s = start(*load_chess("inchworm"));
  const uint64_t before = s->hash();
  s->apply_action(actions::kFrom + parse_square("e2"));
  EXPECT_TRUE(s->in_compound_move());
  EXPECT_NE(s->hash(), before);
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{actions::kTo + parse_square("e3"),
                                                     actions::kTo + parse_square("e4")}));
  EXPECT_NE(s->to_text().find("move in progress: from e2"), std::string::npos);
  EXPECT_THROW(s->apply_action(actions::kTo + parse_square("e5")), GameError);
  s->apply_action(actions::kTo + parse_square("e4"));
  EXPECT_FALSE(s->in_compound_move());
  EXPECT_EQ(s->current_player(), kBlack);
}

TEST(ActionSpace, RepetitionCountIsPartOfTheHash) {
  auto once = start(*load_chess("inchworm"));
  auto twice = start(*load_chess("inchworm"));
  play(*twice, "g1f3 g8f6 g1f3>g1 g8f6>g8");
  EXPECT_EQ(once->position().key, twice->position().key);
  EXPECT_NE(once->hash(), twice->hash());
}

}  // namespace
}  // namespace inchzero::chess
