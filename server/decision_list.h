// The legal decisions of a position as the page plays them: each with its
// action (the index the analysis answer's `policy` uses), its text and the
// board squares it touches. The page never knows a rule: it highlights the
// squares listed here and sends back the text of the decision clicked.
//
// Squares come from notation only. A decision that is a whole move by
// itself (an Inchworm drop, every Invector and Steere's Inchworm move) is
// read in the full-move notation (State::move_to_string: "c3", "@c3",
// "a1xa2", "c7-off"), which names real squares; a decision inside a longer
// move in its decision text (Game::action_to_string: "distribute from d4",
// "to d5", "from e2"). Decisions that name no square ("pass", "rescue",
// "end collect", "promote q", "swap") are buttons on the page.
#pragma once

#include <string>
#include <vector>

#include "core/board_squares.h"
#include "core/game.h"

namespace inchzero {

struct DecisionInfo {
  Action action = 0;
  std::string text;                  // Game::action_to_string: what the page sends back
  std::string notation;              // the text the squares were read from
  std::vector<std::string> squares;  // squares it touches, in the order a person clicks them
};

// The legal decisions of `state` (none when it is terminal), ascending by action.
std::vector<DecisionInfo> list_decisions(const State& state);

}  // namespace inchzero
