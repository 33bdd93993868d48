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

#include "core/game.h"

namespace inchzero {

// The squares of a width x height board that `text` names, in order: a
// lower-case file letter followed by a rank number ("e2e4" → e2, e4;
// "distribute from d4" → d4; "R3", "off", "promote q" → none). Repeats are
// kept ("a4=b4=b4").
std::vector<std::string> squares_named(const std::string& text, int width, int height);

struct DecisionInfo {
  Action action = 0;
  std::string text;                  // Game::action_to_string: what the page sends back
  std::string notation;              // the text the squares were read from
  std::vector<std::string> squares;  // squares it touches, in the order a person clicks them
};

// The legal decisions of `state` (none when it is terminal), ascending by action.
std::vector<DecisionInfo> list_decisions(const State& state);

// The board's width and height as State::to_json gives them.
std::pair<int, int> board_size(const State& state);

}  // namespace inchzero
