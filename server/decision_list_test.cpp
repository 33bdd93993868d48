// The decisions the page plays: every legal decision listed once, with the
// real squares it touches — also for Blue in Steere's Inchworm, whose
// decision texts name squares in the mover's frame — and over random play
// of every game, every decision but the buttons names its squares.
#include "server/decision_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/registry.h"

namespace inchzero {
namespace {

using Squares = std::vector<std::string>;

std::vector<std::string> texts(const std::vector<DecisionInfo>& decisions) {
  std::vector<std::string> out;
  for (const auto& d : decisions) out.push_back(d.text);
  return out;
}

const DecisionInfo& find(const std::vector<DecisionInfo>& decisions, const std::string& text) {
  auto it = std::find_if(decisions.begin(), decisions.end(),
                         [&](const DecisionInfo& d) { return d.text == text; });
  if (it == decisions.end()) throw std::runtime_error("no decision " + text);
  return *it;
}

TEST(ListDecisions, InchwormDropsCollectsAndDistributions) {
  const auto game = load_game("inchworm", "", {"width=5", "height=5"});
  auto state = game->initial_state();
  auto decisions = list_decisions(*state);
  ASSERT_EQ(decisions.size(), 25u);
  EXPECT_EQ(find(decisions, "drop c3").squares, (Squares{"c3"}));
  for (const std::string m : {"c3", "a1", "c4", "a2"}) state->apply_move(state->parse_move(m));
  decisions = list_decisions(*state);
  EXPECT_EQ(find(decisions, "collect from c3").squares, (Squares{"c3"}));
  state->apply_action(find(decisions, "collect from c3").action);
  decisions = list_decisions(*state);
  ASSERT_EQ(texts(decisions), (std::vector<std::string>{"to c4"}));
  EXPECT_EQ(decisions[0].squares, (Squares{"c4"}));
  state->apply_action(decisions[0].action);
  state->apply_move(state->parse_move("a3"));
  state->apply_action(find(list_decisions(*state), "distribute from c4").action);
  decisions = list_decisions(*state);
  EXPECT_GE(decisions.size(), 3u);
  for (const auto& d : decisions) {
    EXPECT_EQ(d.text.rfind("to ", 0), 0u) << d.text;
    EXPECT_EQ(d.squares, Squares{d.text.substr(3)});
  }
}

TEST(ListDecisions, ChessFromThenTo) {
  const auto game = load_game("inchworm-chess", "fide");
  auto state = game->initial_state();
  auto decisions = list_decisions(*state);
  ASSERT_EQ(decisions.size(), 10u) << "eight pawns and two knights can move";
  EXPECT_EQ(find(decisions, "from e2").squares, (Squares{"e2"}));
  state->apply_action(find(decisions, "from e2").action);
  decisions = list_decisions(*state);
  ASSERT_EQ(texts(decisions), (std::vector<std::string>{"to e3", "to e4"}));
  EXPECT_EQ(decisions[1].squares, (Squares{"e4"}));
}

TEST(ListDecisions, SteereBlueGetsRealSquares) {
  const auto game = load_game("steere-inchworm", "default");
  auto state = game->initial_state();
  state->apply_move(state->legal_moves().front());
  ASSERT_EQ(state->current_player(), 1);
  for (const auto& d : list_decisions(*state)) {
    // The decision text names the mover's frame; the squares are the move's.
    EXPECT_EQ(d.text.rfind("frame:", 0), 0u) << d.text;
    const std::string notation = state->move_to_string({d.action});
    EXPECT_EQ(d.notation, notation);
    const auto [width, height] = board_size(*state);
    EXPECT_EQ(d.squares, squares_named(notation, width, height));
    ASSERT_FALSE(d.squares.empty()) << notation;
  }
}

// Over random play of every game: the list is the legal decisions, in
// order, and a decision names no square only when it is one of the buttons
// (pass, rescue, end collect, swap, promote …) — every other one can be
// clicked on the board.
TEST(ListDecisions, EveryBoardDecisionOfEveryGameNamesItsSquares) {
  auto is_button = [](const std::string& text) {
    return text == "pass" || text == "rescue" || text == "end collect" || text == "swap" ||
           text.rfind("promote ", 0) == 0;
  };
  for (const auto& [name, rules, set] :
       std::vector<std::tuple<std::string, std::string, std::vector<std::string>>>{
           {"inchworm", "drop-prisoners", {"width=5", "height=5", "stock=10"}},
           {"inchworm", "torus", {"width=5", "height=5", "stock=10"}},
           {"inchworm-chess", "fide", {"max_plies=60"}},
           {"inchworm-chess", "default", {"max_plies=60"}},
           {"longworm-chess", "default", {"max_plies=60"}},
           {"invector", "5x4", {}},
           {"steere-inchworm", "default", {"width=5", "height=4", "max_plies=60"}}}) {
    const auto game = load_game(name, rules, set);
    std::mt19937_64 rng(3);
    auto state = game->initial_state();
    int with_squares = 0;
    while (!state->is_terminal()) {
      const auto decisions = list_decisions(*state);
      const std::vector<Action> legal = state->legal_actions();
      ASSERT_EQ(decisions.size(), legal.size()) << name;
      for (size_t i = 0; i < decisions.size(); ++i) {
        const DecisionInfo& d = decisions[i];
        EXPECT_EQ(d.action, legal[i]) << name;
        EXPECT_EQ(d.text, game->action_to_string(d.action)) << name;
        if (is_button(d.text)) {
          EXPECT_TRUE(d.squares.empty()) << name << ": " << d.text;
        } else {
          EXPECT_FALSE(d.squares.empty()) << name << ": " << d.text << " / " << d.notation;
          ++with_squares;
        }
      }
      state->apply_action(decisions[rng() % decisions.size()].action);
    }
    EXPECT_GT(with_squares, 20) << name;
  }
}

}  // namespace
}  // namespace inchzero
